/* simmpi.h - slotsim rtp split between MPI processes (mpirun -n N slotsim rtp ...).
 *
 * Built in only with the meson option `mpi` (SLOTCAB_MPI); the engine and sim.c know nothing
 * of MPI. Process r of N plays share r of the run (SimRun.share/shares: a contiguous range
 * of the rounds, split again over its --threads), and rank 0 gathers every process's
 * SimTotals and joins them with sim_merge in rank order: integer sums, the largest win, and
 * the progressive pool's ranges joined in order, as threads are. The totals are therefore
 * the same, to the byte, whatever N and --threads are. */
#ifndef SLOTCAB_SIMMPI_H
#define SLOTCAB_SIMMPI_H

#include "sim.h"

#include <stdbool.h>

/* Whether this process was started by an MPI launcher (mpirun sets OMPI_COMM_WORLD_SIZE,
 * other launchers PMI_SIZE or PMIX_RANK), and its rank and the number of processes from
 * the launcher's environment (0 and 1 when not launched). Usable before simmpi_start. */
bool simmpi_launched(int *rank, int *size);

/* Starts MPI when launched by mpirun (a plain run never touches MPI); *rank and *size
 * are this process's rank and the number of processes (0 and 1 without MPI). Returns 0, or
 * -1 with a message (launched by mpirun with N > 1 but built without MPI). slotsim starts
 * it only once a run is ready to play, so that a mistake (a flag, a game file missing on
 * one host) ends that process before any MPI call, and mpirun ends the job. */
int simmpi_start(int *rank, int *size, Error *err);

/* Every process calls it once after its sim_run (rc its result, err its message): rank 0
 * receives every share and joins them, in rank order, into *all. Returns 0, or -1 with the
 * first failing rank's message (on rank 0; the other ranks return their own rc and
 * message). */
int simmpi_join(const SimTotals *mine, int rc, const Error *myerr, SimTotals *all, Error *err);

/* Ends MPI if simmpi_start started it. */
void simmpi_end(void);

#endif
