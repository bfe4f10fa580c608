/* mpi.h: the little the simulator needs from MPI, so that nothing else
 * includes <mpi.h>. Built from src/sim/mpi/openmpi.c when CMake finds MPI
 * (PF_MPI), else from src/sim/mpi/none.c, which says so.
 *
 * A run under mpirun: every rank parses the same command line and plays
 * its slice of every batch (pf_sim_slice by rank) with its own threads.
 * While a batch plays, the ranks above 0 send rank 0 their game counts
 * (pf_sim_mpi_tick), which rank 0 adds to its own for the progress bar;
 * after it, every rank calls pf_sim_mpi_gather: rank 0 adds the others'
 * exact totals to its own, and every rank learns whether the run goes on.
 * All MPI calls are made by each rank's main thread (MPI_THREAD_FUNNELED). */
#ifndef PF_SIM_MPI_H
#define PF_SIM_MPI_H

#include "sim/sim.h"

/* "Open MPI v4.1.4, ..." when built with MPI, else NULL. */
const char *pf_sim_mpi_library(void);

/* The number of processes the launcher started (mpirun's or Slurm's
 * environment), 0 when none did. Looks at the environment only. */
int pf_sim_mpi_launched(void);

/* Joins the job; *rank of *ranks. NO_MEMORY-free, but PF_E_IO when MPI
 * cannot start (or is not built in), with the reason in err. */
pf_err pf_sim_mpi_start(int *rank, int *ranks, pf_error *err);

/* Called by every rank before the first batch: PF_E_OK when every rank
 * was started with rank 0's run and shard (mpirun can start different
 * command lines, `mpirun -n 1 A : -n 1 B`, which would mix two runs); else
 * PF_E_IO on every rank, naming the first rank that differs and how. */
pf_err pf_sim_mpi_same_run(const pf_sim_run_id *id, int shard, int shards, pf_error *err);

/* A pf_sim_tick (ctx unused): ranks above 0 send their count when it
 * changed; rank 0 shows its count plus the latest of every other, and
 * waits for every other rank's end of the batch. */
bool pf_sim_mpi_tick(void *ctx, long done, long *shown);

/* Called by every rank after each batch, with what its pf_sim_run gave
 * (local: PF_E_OK and *r filled, or the error in local_err) and the stop
 * signal it saw (0: none). On rank 0, *r becomes the whole batch's totals.
 * Returns PF_E_OK when every rank played, else the failure naming the
 * rank, on every rank; *stop becomes the first rank's non-zero signal, so
 * that all ranks stop after the same batch. */
pf_err pf_sim_mpi_gather(pf_sim_result *r, const pf_game *g, pf_err local,
                         const pf_error *local_err, int *stop, pf_error *err);

/* Leaves the job (MPI_Finalize). */
void pf_sim_mpi_end(void);

#endif
