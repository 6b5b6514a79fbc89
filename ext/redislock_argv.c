/* Command arguments, binary safe. */
#include "redislock_argv.h"
#include "redislock_resp.h"

void redislock_argv_init(redislock_argv *a)
{
	a->argc = 0;
	a->capacity = REDISLOCK_ARGV_INLINE;
	a->argv = a->inline_argv;
	a->lens = a->inline_lens;
	a->scratch_used = 0;
	a->owned = a->inline_owned;
	a->owned_count = 0;
	a->owned_capacity = REDISLOCK_ARGV_INLINE;
}

void redislock_argv_free(redislock_argv *a)
{
	for (int i = 0; i < a->owned_count; i++) {
		zend_string_release(a->owned[i]);
	}
	if (a->owned != a->inline_owned) {
		efree(a->owned);
	}
	if (a->argv != a->inline_argv) {
		efree((void *) a->argv);
		efree(a->lens);
	}
	redislock_argv_init(a);
}

void redislock_argv_push(redislock_argv *a, const char *s, size_t len)
{
	if (a->argc == a->capacity) {
		int capacity = a->capacity * 2;
		const char **argv = safe_emalloc(capacity, sizeof(*argv), 0);
		size_t *lens = safe_emalloc(capacity, sizeof(*lens), 0);
		memcpy(argv, a->argv, a->argc * sizeof(*argv));
		memcpy(lens, a->lens, a->argc * sizeof(*lens));
		if (a->argv != a->inline_argv) {
			efree((void *) a->argv);
			efree(a->lens);
		}
		a->argv = argv;
		a->lens = lens;
		a->capacity = capacity;
	}
	a->argv[a->argc] = s;
	a->lens[a->argc] = len;
	a->argc++;
}

void redislock_argv_push_owned(redislock_argv *a, zend_string *s)
{
	if (a->owned_count == a->owned_capacity) {
		int capacity = a->owned_capacity * 2;
		zend_string **owned = safe_emalloc(capacity, sizeof(*owned), 0);
		memcpy(owned, a->owned, a->owned_count * sizeof(*owned));
		if (a->owned != a->inline_owned) {
			efree(a->owned);
		}
		a->owned = owned;
		a->owned_capacity = capacity;
	}
	a->owned[a->owned_count++] = s;
	redislock_argv_push(a, ZSTR_VAL(s), ZSTR_LEN(s));
}

void redislock_argv_push_str(redislock_argv *a, const zend_string *s)
{
	/* Interned strings are never freed during a request, and persistent ones
	 * belong to a connection or the module; their refcounts are left alone,
	 * which also keeps them untouched by other threads' commands under ZTS. */
	if (GC_FLAGS(s) & (IS_STR_INTERNED | IS_STR_PERSISTENT)) {
		redislock_argv_push(a, ZSTR_VAL(s), ZSTR_LEN(s));
		return;
	}
	GC_ADDREF((zend_string *) s);
	redislock_argv_push_owned(a, (zend_string *) s);
}

static void push_formatted(redislock_argv *a, const char *buf, size_t len)
{
	if (a->scratch_used < REDISLOCK_ARGV_SCRATCH) {
		char *slot = a->scratch[a->scratch_used++];
		memcpy(slot, buf, len);
		redislock_argv_push(a, slot, len);
	} else {
		redislock_argv_push_owned(a, zend_string_init(buf, len, 0));
	}
}

void redislock_argv_push_long(redislock_argv *a, zend_long value)
{
	char buf[32];
	push_formatted(a, buf, redislock_resp_decimal(buf, (long long) value));
}

void redislock_argv_push_double(redislock_argv *a, double value)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%.17g", value);
	push_formatted(a, buf, len);
}
