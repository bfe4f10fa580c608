/* args.c: strict flag values (see args.h). */
#include "cli/args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "partyfood/parse.h"

const char *pf_arg_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "partyfood %s: %s needs a value\n", cmd, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

bool pf_arg_int(const char *cmd, const char *flag, const char *value, long long lo,
                long long hi, long long *out)
{
    if (pf_parse_int(value, lo, hi, out))
        return true;
    fprintf(stderr, "partyfood %s: %s wants a whole number from %lld to %lld, not '%s'\n", cmd,
            flag, lo, hi, value);
    return false;
}

bool pf_arg_real(const char *cmd, const char *flag, const char *value, double lo, double hi,
                 double *out)
{
    if (pf_parse_real(value, lo, hi, out))
        return true;
    fprintf(stderr, "partyfood %s: %s wants a number from %g to %g, not '%s'\n", cmd, flag, lo,
            hi, value);
    return false;
}

bool pf_arg_seed(const char *cmd, const char *flag, const char *value, uint64_t *out)
{
    /* Digits only: strtoull would take "-1" as 2^64 - 1 and " 7" as 7. */
    bool digits = *value != '\0';
    for (const char *p = value; *p && digits; p++)
        digits = *p >= '0' && *p <= '9';
    if (digits) {
        char *end;
        errno = 0;
        unsigned long long x = strtoull(value, &end, 10);
        if (!*end && !errno) {
            *out = x;
            return true;
        }
    }
    fprintf(stderr, "partyfood %s: %s wants a whole number from 0 to %llu, not '%s'\n", cmd,
            flag, (unsigned long long)UINT64_MAX, value);
    return false;
}
