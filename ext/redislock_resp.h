/* The RESP encoder: commands as arrays of bulk strings, binary safe. Every
 * argument has a length and is copied as bytes; nothing is ever a format string.
 * No Zend API. Replies are parsed by hiredis's reader (redislock_link.c). */
#ifndef REDISLOCK_RESP_H
#define REDISLOCK_RESP_H

#include "redislock_util.h"

/* Appends "*argc\r\n" then "$len\r\narg\r\n" for each argument. False when
 * memory runs out (the buffer is left as it was). */
bool redislock_resp_append(redislock_buf *out, int argc, const char *const *argv, const size_t *lens);

/* Writes the decimal form of value to out (at least 21 bytes); returns its length. */
size_t redislock_resp_decimal(char *out, long long value);

#endif
