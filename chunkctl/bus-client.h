/* chunkctl's client of chunkscrubd for the commands that need the daemon (chunkctl/cmd-bus.c). */
#pragma once

/* `chunkctl repair ...` without -V: asks chunkscrubd to repair; ARGV as given to the command.
 * Returns an fsck(8) code. */
int bus_repair(int argc, char **argv);
