/* args.c: strict flag values (see args.h). */
#include "cli/args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/nearest.h"
#include "partyfood/file.h"
#include "partyfood/parse.h"

const char *cli_arg_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "partyfood %s: %s needs a value\n", cmd, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

bool cli_arg_int(const char *cmd, const char *flag, const char *value, long long lo,
                long long hi, long long *out)
{
    if (pf_parse_int(value, lo, hi, out))
        return true;
    fprintf(stderr, "partyfood %s: %s wants a whole number from %lld to %lld, not '%s'\n", cmd,
            flag, lo, hi, value);
    return false;
}

bool cli_arg_real(const char *cmd, const char *flag, const char *value, double lo, double hi,
                 double *out)
{
    if (pf_parse_real(value, lo, hi, out))
        return true;
    fprintf(stderr, "partyfood %s: %s wants a number from %g to %g, not '%s'\n", cmd, flag, lo,
            hi, value);
    return false;
}

bool cli_arg_seed(const char *cmd, const char *flag, const char *value, uint64_t *out)
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

bool cli_arg_option(const char *cmd, const char *kv, pf_options *opt)
{
    pf_error err;
    const char *eq = strchr(kv, '=');
    if (!eq || eq[1] != '@') {
        if (pf_options_parse(opt, kv, &err) == PF_E_OK)
            return true;
        fprintf(stderr, "partyfood %s: %s\n", cmd, err.msg);
        return false;
    }
    /* a key longer than the limit stays too long, so pf_options_set refuses it */
    char key[PF_OPT_KEY + 1];
    int klen = (int)(eq - kv) < PF_OPT_KEY ? (int)(eq - kv) : PF_OPT_KEY;
    snprintf(key, sizeof key, "%.*s", klen, kv);
    size_t len;
    char *text = pf_file_read(eq + 2, PF_OPT_VAL - 1, &len, &err);
    bool ok = false;
    if (!text)
        fprintf(stderr, "partyfood %s: --option %s: %s\n", cmd, kv, err.msg);
    else if (strlen(text) != len)
        fprintf(stderr, "partyfood %s: --option %s: the file holds a NUL byte\n", cmd, kv);
    else if (!(ok = pf_options_set(opt, key, text, &err) == PF_E_OK))
        fprintf(stderr, "partyfood %s: %s\n", cmd, err.msg);
    free(text);
    return ok;
}

void cli_arg_unknown(const char *cmd, const char *arg, const char *const *flags, size_t n)
{
    const char *near = arg[0] == '-' ? cli_nearest(arg, flags, n) : NULL;
    fprintf(stderr, "partyfood %s: unknown or incomplete argument '%s'", cmd, arg);
    if (near && strcmp(near, arg) != 0)
        fprintf(stderr, "; did you mean %s?", near);
    fprintf(stderr, "\n\n");
}
