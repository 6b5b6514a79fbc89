/* A command's arguments as the classes build them: binary safe (every argument
 * has a length), numbers formatted here, and every zend_string pushed kept alive
 * by the argv itself until the command is freed, so a caller may release its own
 * reference at once. The wire encodes them with redislock_resp_append(). */
#ifndef REDISLOCK_ARGV_H
#define REDISLOCK_ARGV_H

#include "php.h"

/* Small commands live in the inline arrays; large ones (a 1,000-id enqueue) grow
 * on the heap. */
#define REDISLOCK_ARGV_INLINE 16
#define REDISLOCK_ARGV_SCRATCH 6

typedef struct _redislock_argv {
	int argc;
	int capacity;
	const char **argv;
	size_t *lens;
	const char *inline_argv[REDISLOCK_ARGV_INLINE];
	size_t inline_lens[REDISLOCK_ARGV_INLINE];
	char scratch[REDISLOCK_ARGV_SCRATCH][32];   /* formatted numbers */
	int scratch_used;
	zend_string **owned;                        /* references released with the argv */
	int owned_count;
	int owned_capacity;
	zend_string *inline_owned[REDISLOCK_ARGV_INLINE];
} redislock_argv;

void redislock_argv_init(redislock_argv *a);
void redislock_argv_free(redislock_argv *a);
/* Borrows s: for literals and buffers that outlive the command. */
void redislock_argv_push(redislock_argv *a, const char *s, size_t len);
/* Takes a reference to s (none for an interned or persistent string, which
 * outlive any command), so s lives until the argv is freed. Only the refcount
 * of s changes, never its bytes: hence const. */
void redislock_argv_push_str(redislock_argv *a, const zend_string *s);
/* Takes over the caller's reference to s. */
void redislock_argv_push_owned(redislock_argv *a, zend_string *s);
void redislock_argv_push_long(redislock_argv *a, zend_long value);
/* Formats with 17 significant digits, so the server parses back the same double. */
void redislock_argv_push_double(redislock_argv *a, double value);

#endif
