/* mpi_env.c: whether a launcher started this process as one of many (see
 * mpi.h). Built with or without MPI: a partyfood without it then says so
 * instead of playing the whole run once per process. */
#include <stdlib.h>

#include "partyfood/parse.h"
#include "sim/mpi.h"

int pf_sim_mpi_launched(void)
{
    /* mpirun (Open MPI), a PMI-2 launcher (srun --mpi=pmi2, MPICH's
     * Hydra), and srun's own count of the step's tasks. */
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE",
                                       "SLURM_STEP_NUM_TASKS"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        long long n;
        const char *v = getenv(vars[i]);
        if (v && pf_parse_int(v, 1, 1 << 24, &n))
            return (int)n;
    }
    return 0;
}
