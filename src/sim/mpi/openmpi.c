/* openmpi.c: the simulator's MPI interface over MPI itself (see ../mpi.h);
 * the only file that includes <mpi.h>. Written against the MPI standard, so
 * MPICH would do too; the project builds and tests it with Open MPI.
 *
 * Every message goes from a rank above 0 to rank 0 with one tag, so they
 * arrive in the order sent: "p<count>" (progress), then after the batch
 * either "t<signal> <totals as JSON>" or "e<message>" (that rank failed).
 * Rank 0 reads progress while it plays and keeps any ending message that
 * comes early; after its own batch it waits for every rank's ending, adds
 * the totals (integers: the order cannot change a digit), and broadcasts
 * the outcome, so that every rank goes on or stops after the same batch. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "sim/mpi.h"

#define TAG 15

static int my_rank, nranks;
static long *others_done; /* rank 0: the latest count of each rank this batch */
static char **ending;     /* rank 0: each rank's ending message of this batch */

/* What every rank learns after a batch. */
typedef struct outcome {
    int failed_rank; /* -1: none */
    int stop;        /* a stop signal some rank saw, 0: none */
    char msg[sizeof ((pf_error *)0)->msg + 64];
} outcome;

const char *pf_sim_mpi_library(void)
{
    static char text[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(text, &len);
    text[strcspn(text, ",\n")] = '\0'; /* "Open MPI v4.1.4" */
    return text;
}

pf_err pf_sim_mpi_start(int *rank, int *ranks, pf_error *err)
{
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return pf_error_set(err, PF_E_IO, "MPI did not start");
    if (provided < MPI_THREAD_FUNNELED) {
        MPI_Finalize();
        return pf_error_set(err, PF_E_IO, "this MPI cannot run threads beside MPI calls");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    others_done = calloc((size_t)nranks, sizeof *others_done);
    ending = calloc((size_t)nranks, sizeof *ending);
    if (!others_done || !ending) {
        MPI_Abort(MPI_COMM_WORLD, 1); /* the others would wait for this rank forever */
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory");
    }
    *rank = my_rank;
    *ranks = nranks;
    return PF_E_OK;
}

pf_err pf_sim_mpi_same_run(const pf_sim_run_id *id, int shard, int shards, pf_error *err)
{
    static pf_sim_run_id root; /* plain data: sent as bytes between copies of one program */
    int root_shard[2] = {shard, shards}, mine_differs, first_differs;
    char why[1024] = "";
    root = *id;
    MPI_Bcast(&root, sizeof root, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Bcast(root_shard, 2, MPI_INT, 0, MPI_COMM_WORLD);
    bool differs = pf_sim_run_differs(&root, id, why, sizeof why);
    if (!differs && (root_shard[0] != shard || root_shard[1] != shards)) {
        snprintf(why, sizeof why, "shard: %d/%d vs %d/%d", root_shard[0], root_shard[1], shard,
                 shards);
        differs = true;
    }
    mine_differs = differs ? my_rank : nranks;
    MPI_Allreduce(&mine_differs, &first_differs, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first_differs == nranks)
        return PF_E_OK;
    /* The rank that differs knows how: it sends rank 0 the words. */
    if (my_rank == first_differs && my_rank != 0)
        MPI_Send(why, sizeof why, MPI_CHAR, 0, TAG, MPI_COMM_WORLD);
    if (my_rank == 0)
        MPI_Recv(why, sizeof why, MPI_CHAR, first_differs, TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    return pf_error_set(err, PF_E_IO,
                        "rank %d of %d was started with another run than rank 0 (%.900s): every "
                        "rank must run the same command line",
                        first_differs, nranks, why);
}

static void send_text(const char *text)
{
    MPI_Send(text, (int)strlen(text) + 1, MPI_CHAR, 0, TAG, MPI_COMM_WORLD);
}

/* Rank 0: receives one message from source (MPI_ANY_SOURCE: whoever sent
 * one) and files it. */
static void receive(int source)
{
    MPI_Status st;
    int len;
    MPI_Probe(source, TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_CHAR, &len);
    char *text = malloc((size_t)len + 1);
    if (!text)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Recv(text, len, MPI_CHAR, st.MPI_SOURCE, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    text[len] = '\0';
    if (text[0] == 'p') {
        others_done[st.MPI_SOURCE] = atol(text + 1);
        free(text);
    } else {
        free(ending[st.MPI_SOURCE]);
        ending[st.MPI_SOURCE] = text;
    }
}

/* A rank above 0: the count it last sent in this batch (-1: none yet). */
static long progress_sent = -1;

bool pf_sim_mpi_tick(void *ctx, long done, long *shown)
{
    (void)ctx;
    *shown = done;
    if (my_rank > 0) {
        if (done != progress_sent) {
            char text[32];
            snprintf(text, sizeof text, "p%ld", done);
            send_text(text);
            progress_sent = done;
        }
        return false;
    }
    int waiting;
    MPI_Status st;
    while (MPI_Iprobe(MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &waiting, &st), waiting)
        receive(st.MPI_SOURCE);
    bool others = false;
    for (int k = 1; k < nranks; k++) {
        *shown += others_done[k];
        others = others || !ending[k];
    }
    return others;
}

/* Rank above 0: sends the ending of its batch. */
static void send_ending(const pf_sim_result *r, pf_err local, const pf_error *local_err, int stop)
{
    if (local != PF_E_OK) {
        char text[sizeof local_err->msg + 2];
        snprintf(text, sizeof text, "e%s", local_err->msg);
        send_text(text);
        return;
    }
    cJSON *j = pf_sim_tally_json(r);
    char *json = j ? cJSON_PrintUnformatted(j) : NULL;
    cJSON_Delete(j);
    size_t n = json ? strlen(json) + 32 : 0;
    char *text = json ? malloc(n) : NULL;
    if (text) {
        snprintf(text, n, "t%d %s", stop, json);
        send_text(text);
    } else {
        send_text("eout of memory");
    }
    free(text);
    cJSON_free(json);
}

/* Rank 0: adds rank k's ending to *r (when r holds totals), or says in o
 * why rank k failed. */
static void take_ending(int k, pf_sim_result *r, bool have_r, const pf_game *g, outcome *o)
{
    const char *text = ending[k];
    if (o->failed_rank >= 0)
        return;
    if (text[0] == 'e') {
        o->failed_rank = k;
        snprintf(o->msg, sizeof o->msg, "%s", text + 1);
        return;
    }
    char *rest;
    int stop = (int)strtol(text + 1, &rest, 10);
    cJSON *j = cJSON_Parse(rest);
    pf_sim_result part;
    pf_error err;
    if (pf_sim_tally_read(j, g, &part, &err) != PF_E_OK) {
        o->failed_rank = k;
        snprintf(o->msg, sizeof o->msg, "its totals did not arrive whole (%s)", err.msg);
    } else {
        if (have_r)
            pf_sim_result_merge(r, &part);
        pf_sim_result_fini(&part);
        if (!o->stop)
            o->stop = stop;
    }
    cJSON_Delete(j);
}

pf_err pf_sim_mpi_gather(pf_sim_result *r, const pf_game *g, pf_err local,
                         const pf_error *local_err, int *stop, pf_error *err)
{
    outcome o = {.failed_rank = -1, .stop = *stop};
    if (my_rank > 0) {
        send_ending(r, local, local_err, *stop);
        progress_sent = -1; /* a new batch counts from 0: send its counts afresh */
    } else {
        if (local != PF_E_OK) {
            o.failed_rank = 0;
            snprintf(o.msg, sizeof o.msg, "%s", local_err->msg);
        }
        for (int k = 1; k < nranks; k++) {
            while (!ending[k])
                receive(k);
            take_ending(k, r, local == PF_E_OK, g, &o);
            free(ending[k]);
            ending[k] = NULL;
            others_done[k] = 0;
        }
    }
    MPI_Bcast(&o, sizeof o, MPI_BYTE, 0, MPI_COMM_WORLD);
    *stop = o.stop;
    if (o.failed_rank >= 0)
        return pf_error_set(err, PF_E_IO, "rank %d of %d failed: %s", o.failed_rank, nranks,
                            o.msg);
    return PF_E_OK;
}

void pf_sim_mpi_end(void)
{
    int started, ended;
    MPI_Initialized(&started);
    MPI_Finalized(&ended);
    if (started && !ended)
        MPI_Finalize();
}
