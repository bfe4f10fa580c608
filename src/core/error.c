/* error.c: the code strings and sentences of PF_ERRORS. */
#include "partyfood/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const codes[] = {
#define PF__ERR_CODE(name, code, msg) code,
    PF_ERRORS(PF__ERR_CODE)
#undef PF__ERR_CODE
};

static const char *const messages[] = {
#define PF__ERR_MSG(name, code, msg) msg,
    PF_ERRORS(PF__ERR_MSG)
#undef PF__ERR_MSG
};

const char *pf_err_code(pf_err e)
{
    return (unsigned)e < PF_E__COUNT ? codes[e] : "unknown_error";
}

const char *pf_strerror(pf_err e)
{
    return (unsigned)e < PF_E__COUNT ? messages[e] : "unknown error";
}

pf_err pf_err_from_code(const char *code)
{
    for (int i = 0; i < PF_E__COUNT; i++)
        if (strcmp(codes[i], code) == 0)
            return (pf_err)i;
    return PF_E__COUNT;
}

pf_err pf_error_set(pf_error *err, pf_err code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        err->nfields = 0;
        if (fmt) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err->msg, sizeof err->msg, fmt, ap);
            va_end(ap);
        } else {
            snprintf(err->msg, sizeof err->msg, "%s", pf_strerror(code));
        }
    }
    return code;
}

pf_err pf_error_field(pf_error *err, const char *name, long long value)
{
    if (!err)
        return PF_E_OK;
    if (err->nfields < PF_ERROR_FIELDS) {
        err->field[err->nfields].name = name;
        err->field[err->nfields++].value = value;
    }
    return err->code;
}
