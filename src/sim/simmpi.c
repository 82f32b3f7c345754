/* simmpi.c - slotsim rtp over MPI processes: starting MPI only under mpirun, and rank 0
 * joining every process's totals in rank order (simmpi.h). Without SLOTCAB_MPI, the same
 * functions for one process, and a clear refusal when mpirun starts several. */
#include "simmpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SLOTCAB_MPI
#include <mpi.h>
#endif

static int env_int(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? atoi(v) : -1;
}

bool simmpi_launched(int *rank, int *size)
{
    static const char *const sizes[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"};
    static const char *const ranks[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"};
    *rank = 0;
    *size = 1;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int r = env_int(ranks[i]), n = env_int(sizes[i]);
        if (r >= 0 || n >= 1) {
            *rank = r >= 0 ? r : 0;
            *size = n >= 1 ? n : 1;
            return true;
        }
    }
    return false;
}

/* One process's totals are the run's. */
static int alone(const SimTotals *mine, int rc, const Error *myerr, SimTotals *all, Error *err)
{
    *all = *mine;
    return rc ? error_set(err, "%s", myerr->msg) : 0;
}

#ifdef SLOTCAB_MPI

static bool started;

int simmpi_start(int *rank, int *size, Error *err)
{
    (void)err;
    if (!simmpi_launched(rank, size))
        return 0; /* a plain run: no MPI at all (its singleton start costs time) */
    MPI_Init(NULL, NULL);
    started = true;
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    return 0;
}

/* What each rank sends rank 0: its totals, or its failure. The same build runs on every
 * host (docs/qa.md says so), so the struct goes as bytes (a build with another layout makes
 * the gather's sizes differ, and MPI stops the job). */
typedef struct Share {
    int32_t rc;
    Error err;
    SimTotals totals;
} Share;

int simmpi_join(const SimTotals *mine, int rc, const Error *myerr, SimTotals *all, Error *err)
{
    if (!started)
        return alone(mine, rc, myerr, all, err);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    Share me;
    memset(&me, 0, sizeof me);
    me.rc = rc;
    if (rc)
        me.err = *myerr;
    else
        me.totals = *mine;
    Share *got = rank == 0 ? calloc((size_t)size, sizeof *got) : NULL;
    if (rank == 0 && !got)
        MPI_Abort(MPI_COMM_WORLD, 1); /* the others wait for this gather: end the job */
    MPI_Gather(&me, (int)sizeof me, MPI_BYTE, got, (int)sizeof me, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank != 0)
        return rc ? error_set(err, "%s", myerr->msg) : 0;
    int out = 0;
    memset(all, 0, sizeof *all);
    for (int r = 0; r < size && !out; r++) {
        if (got[r].rc)
            out = error_set(err, "rank %d: %s", r, got[r].err.msg);
        else
            sim_merge(all, &got[r].totals); /* in rank order: rank r played share r */
    }
    free(got);
    return out;
}

void simmpi_end(void)
{
    if (started)
        MPI_Finalize();
    started = false;
}

#else /* built without MPI: one process */

int simmpi_start(int *rank, int *size, Error *err)
{
    if (simmpi_launched(rank, size) && *size > 1)
        return error_set(err, "started as %d processes by mpirun, but this slotsim was built "
                              "without MPI (meson option mpi): each would play the whole run",
                         *size);
    *rank = 0;
    *size = 1;
    return 0;
}

int simmpi_join(const SimTotals *mine, int rc, const Error *myerr, SimTotals *all, Error *err)
{
    return alone(mine, rc, myerr, all, err);
}

void simmpi_end(void)
{
}

#endif
