/* token.c: secret tokens (token.h). */
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "server/token.h"

void pf_hex_of(const unsigned char *b, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++)
        out[2 * i] = digits[b[i] >> 4], out[2 * i + 1] = digits[b[i] & 15];
    out[2 * n] = '\0';
}

bool pf_unhex(const char *hex, unsigned char *b, size_t n)
{
    if (strlen(hex) != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return false;
        b[i] = (unsigned char)v;
    }
    return true;
}

pf_err pf_token_new(char *hex, pf_error *err)
{
    unsigned char raw[PF_TOKEN_HEX / 2];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return pf_error_set(err, PF_E_IO, "the system's random source failed");
    pf_hex_of(raw, sizeof raw, hex);
    return PF_E_OK;
}

void pf_token_hash(const char *token, unsigned char hash[PF_TOKEN_HASH])
{
    unsigned int n = PF_TOKEN_HASH;
    EVP_Digest(token, strlen(token), hash, &n, EVP_sha256(), NULL);
}

bool pf_token_is(const char *token, const unsigned char hash[PF_TOKEN_HASH])
{
    static const unsigned char none[PF_TOKEN_HASH];
    unsigned char h[PF_TOKEN_HASH];
    if (strlen(token) != PF_TOKEN_HEX || memcmp(hash, none, sizeof none) == 0)
        return false;
    pf_token_hash(token, h);
    return CRYPTO_memcmp(h, hash, sizeof h) == 0;
}
