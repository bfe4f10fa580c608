/* stats.c: the few statistics the simulator reports. */
#include <math.h>

#include "sim/sim.h"

void pf_wilson(long k, long n, double z, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = (double)k / n, z2 = z * z;
    double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
    double half = z * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
    if (k == 0)
        *lo = 0; /* exact ends: rounding must not leave 1e-17 */
    if (k == n)
        *hi = 1;
}

int pf_hist_quantile(const long *h, int cap, double q)
{
    long total = 0;
    for (int v = 0; v <= cap; v++)
        total += h[v];
    if (total == 0)
        return -1;
    double want = q * (double)total;
    long rank = (long)ceil(want - 1e-9);
    if (rank < 1)
        rank = 1;
    long seen = 0;
    for (int v = 0; v <= cap; v++) {
        seen += h[v];
        if (seen >= rank)
            return v;
    }
    return cap;
}

double pf_sim_fig_mean(const pf_sim_fig *f)
{
    return f->n ? (double)f->sum / f->n : 0;
}

double pf_sim_fig_sd(const pf_sim_fig *f)
{
    if (f->n < 2)
        return 0;
    double m = (double)f->sum / f->n, var = ((double)f->sumsq - f->n * m * m) / (f->n - 1);
    return var > 0 ? sqrt(var) : 0;
}
