/* token.h: the secrets a room hands out (src/server/, a helper below the
 * room): a seat's token and the host's, 128 bits from the system's random
 * source as hex. The server keeps only their SHA-256. */
#ifndef PF_SERVER_TOKEN_H
#define PF_SERVER_TOKEN_H

#include <stdbool.h>
#include <stddef.h>

#include "partyfood/error.h"

#define PF_TOKEN_HEX 32  /* 128 bits */
#define PF_TOKEN_HASH 32 /* SHA-256 */

/* A new token as hex into hex (PF_TOKEN_HEX + 1 bytes). */
pf_err pf_token_new(char *hex, pf_error *err);
void pf_token_hash(const char *token, unsigned char hash[PF_TOKEN_HASH]);
/* Whether token is the one whose hash this is (in constant time); never
 * for a hash of zeros, which stands for no token. */
bool pf_token_is(const char *token, const unsigned char hash[PF_TOKEN_HASH]);
/* n bytes as 2n hex digits (and a NUL) into out, and back. */
void pf_hex_of(const unsigned char *b, size_t n, char *out);
bool pf_unhex(const char *hex, unsigned char *b, size_t n);

#endif
