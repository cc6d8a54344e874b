/* The version every chunkfs program prints for --version: one number for the one tree. */
#pragma once

#define CHUNKFS_VERSION "0.1"
