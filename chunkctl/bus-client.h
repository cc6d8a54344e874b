/* chunkctl talking to chunkscrubd over the system bus (chunkctl/cmd-bus.c). */
#pragma once

int bus_repair(int argc, char **argv);
