/* The bottom layer: clock, buffer, status, fork generation. No Zend API. */
#include "redislock_util.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

void redislock_status_set(redislock_status *st, redislock_error kind, int sys_errno, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(st->message, sizeof(st->message), format, args);
	va_end(args);
	st->kind = kind;
	st->sys_errno = sys_errno;
}

void redislock_status_clear(redislock_status *st)
{
	st->kind = REDISLOCK_OK;
	st->sys_errno = 0;
	st->message[0] = '\0';
}

double redislock_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

bool redislock_buf_reserve(redislock_buf *b, size_t extra)
{
	size_t need, cap;
	char *data;

	if (extra > SIZE_MAX - b->len) {
		return false;
	}
	need = b->len + extra;
	if (need <= b->cap) {
		return true;
	}
	cap = b->cap ? b->cap : 256;
	while (cap < need) {
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	}
	if ((data = realloc(b->data, cap)) == NULL) {
		return false;
	}
	b->data = data;
	b->cap = cap;
	return true;
}

bool redislock_buf_append(redislock_buf *b, const char *data, size_t len)
{
	if (!redislock_buf_reserve(b, len)) {
		return false;
	}
	memcpy(b->data + b->len, data, len);
	b->len += len;
	return true;
}

void redislock_buf_free(redislock_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

volatile redislock_generation redislock_fork_generation;

static void forked_child(void)
{
	redislock_fork_generation++;
}

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static bool fork_watched;

static void register_fork_handler(void)
{
	Dl_info self;
	/* A fork handler cannot be unregistered, so this library must stay mapped for as
	 * long as the process lives, even if PHP unloads the extension (a web server's
	 * graceful restart does) and forks again later. */
	if (dladdr((void *) forked_child, &self) && self.dli_fname) {
		dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
	}
	fork_watched = pthread_atfork(NULL, NULL, forked_child) == 0;
}

bool redislock_fork_watch(void)
{
	pthread_once(&fork_once, register_fork_handler);
	return fork_watched;
}

#define REDISLOCK_RANDOM_POOL 4096

static __thread struct {
	unsigned char bytes[REDISLOCK_RANDOM_POOL];
	size_t left;
	redislock_generation generation;
} pool;

bool redislock_random(void *out, size_t n)
{
	if (n > 64) {
		return false;
	}
	if (pool.generation != redislock_fork_generation) {
		pool.left = 0;
		pool.generation = redislock_fork_generation;
	}
	if (pool.left < n) {
		size_t got = 0;
		while (got < sizeof(pool.bytes)) {
			ssize_t r = getrandom(pool.bytes + got, sizeof(pool.bytes) - got, 0);
			if (r < 0) {
				if (errno == EINTR) {
					continue;
				}
				pool.left = 0;
				return false;
			}
			got += (size_t) r;
		}
		pool.left = sizeof(pool.bytes);
	}
	/* Taken from the end, and wiped: a byte is handed out once. */
	pool.left -= n;
	memcpy(out, pool.bytes + pool.left, n);
	memset(pool.bytes + pool.left, 0, n);
	return true;
}
