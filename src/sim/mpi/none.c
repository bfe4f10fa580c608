/* none.c: the MPI interface of a partyfood built without MPI (see
 * ../mpi.h): it says so. */
#include "sim/mpi.h"

const char *pf_sim_mpi_library(void)
{
    return NULL;
}

pf_err pf_sim_mpi_start(int *rank, int *ranks, pf_error *err)
{
    *rank = 0;
    *ranks = 1;
    return pf_error_set(err, PF_E_IO, "this partyfood was built without MPI");
}

pf_err pf_sim_mpi_same_run(const pf_sim_run_id *id, int shard, int shards, pf_error *err)
{
    (void)id, (void)shard, (void)shards, (void)err;
    return PF_E_OK;
}

bool pf_sim_mpi_tick(void *ctx, long done, long *shown)
{
    (void)ctx;
    *shown = done;
    return false;
}

pf_err pf_sim_mpi_gather(pf_sim_result *r, const pf_game *g, pf_err local,
                         const pf_error *local_err, int *stop, pf_error *err)
{
    (void)r, (void)g, (void)stop;
    return local == PF_E_OK ? PF_E_OK : pf_error_set(err, local, "%s", local_err->msg);
}

void pf_sim_mpi_end(void)
{
}
