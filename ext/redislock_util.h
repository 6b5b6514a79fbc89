/* The bottom layer: a monotonic clock, a byte buffer, the status a failure is
 * recorded in, and the fork generation. Nothing here uses the Zend API, so the
 * wire built on it can run in a thread of its own. */
#ifndef REDISLOCK_UTIL_H
#define REDISLOCK_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What kind of failure a status holds; the layer that meets PHP maps each kind to
 * one exception class. */
typedef enum {
	REDISLOCK_OK = 0,
	REDISLOCK_ERR_CONNECT,   /* could not connect (refused, DNS, TLS verification) */
	REDISLOCK_ERR_IO,        /* the connection broke during a call */
	REDISLOCK_ERR_TIMEOUT,   /* connect, write or read did not finish by the deadline */
	REDISLOCK_ERR_PROTOCOL,  /* the server sent something that is not RESP */
	REDISLOCK_ERR_SERVER,    /* the server refused (AUTH, SELECT, an error reply) */
	REDISLOCK_ERR_REENTRY,   /* a call began while another on the same object was mid-way */
	REDISLOCK_ERR_INTERRUPTED /* a signal interrupted a wait that asked to end on one (the link is closed) */
} redislock_error;

/* A failure as data: filled by the layer that meets it, thrown once at the PHP
 * boundary. sys_errno is the errno behind it, or 0. */
#define REDISLOCK_STATUS_LEN 1024
typedef struct _redislock_status {
	redislock_error kind;
	int sys_errno;
	char message[REDISLOCK_STATUS_LEN];
} redislock_status;

void redislock_status_set(redislock_status *st, redislock_error kind, int sys_errno, const char *format, ...)
	__attribute__((format(printf, 4, 5)));
void redislock_status_clear(redislock_status *st);

/* Monotonic clock in seconds (clock_gettime through the vDSO: no system call). */
double redislock_now(void);

/* A growable byte buffer on malloc. Appends return false when memory runs out,
 * and leave the buffer as it was. */
typedef struct _redislock_buf {
	char *data;
	size_t len;
	size_t cap;
} redislock_buf;

bool redislock_buf_reserve(redislock_buf *b, size_t extra);
bool redislock_buf_append(redislock_buf *b, const char *data, size_t len);
void redislock_buf_free(redislock_buf *b);

/* n (at most 64) bytes from the kernel's CSPRNG, drawn a few kilobytes at a time
 * so that a token costs no system call. The pool of a thread is thrown away in a
 * forked child: parent and child never hand out the same bytes. False when the
 * kernel gave none. */
bool redislock_random(void *out, size_t n);

/* A fork generation: what everything that must tell a forked child from its
 * parent records (a socket, the random pool, a watchdog target, an object's
 * renewal core), one type for all so that no copy is of another width. */
typedef uint32_t redislock_generation;
/* Incremented in the child by every fork() (pthread_atfork). A socket remembers
 * the generation it was opened in, so a child tells its parent's sockets apart
 * without a getpid() system call per command. */
extern volatile redislock_generation redislock_fork_generation;
/* Registers the fork handler once per process; false if it could not be. */
bool redislock_fork_watch(void);

#endif
