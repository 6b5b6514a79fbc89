/* One connection to one Redis server: PHP streams for the transport (so TLS and
 * persistent sockets fit later), hiredis for RESP encoding and parsing. */
#ifndef REDISLOCK_CONN_H
#define REDISLOCK_CONN_H

#include "php.h"
#include "php_streams.h"
#include "redislock_config.h"
#include <hiredis/hiredis.h>
#include <sys/types.h>

typedef enum {
	REDISLOCK_OK = 0,
	REDISLOCK_ERR_CONNECT,   /* could not connect */
	REDISLOCK_ERR_IO,        /* the connection broke during a call */
	REDISLOCK_ERR_TIMEOUT,   /* connect or read timeout */
	REDISLOCK_ERR_PROTOCOL,  /* the server sent something that is not RESP */
	REDISLOCK_ERR_SERVER     /* the handshake (AUTH, SELECT) was refused */
} redislock_error;

/* A command's arguments, binary safe: every argument has a length. Small commands
 * live in the inline arrays; large ones (a 1,000-id enqueue) grow on the heap. */
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
	zend_string **owned;                        /* strings released with the argv */
	int owned_count;
	int owned_capacity;
} redislock_argv;

void redislock_argv_init(redislock_argv *a);
void redislock_argv_free(redislock_argv *a);
void redislock_argv_push(redislock_argv *a, const char *s, size_t len);
void redislock_argv_push_str(redislock_argv *a, zend_string *s);
/* The argv keeps a reference to s until it is freed. */
void redislock_argv_push_owned(redislock_argv *a, zend_string *s);
void redislock_argv_push_long(redislock_argv *a, zend_long value);
/* Formats with 17 significant digits, so the server parses back the same double. */
void redislock_argv_push_double(redislock_argv *a, double value);

/* The socket and the protocol state on it. An object owns its links, or, with the
 * persistent option, shares them from a per-process registry: they then outlive
 * the request and serve every object with the same settings. */
typedef struct _redislock_link {
	php_stream *stream;
	redisReader *reader;
	pid_t pid;                      /* the process that opened the stream */
	sds out;                        /* commands waiting to be written */
	int pending;                    /* commands written whose reply is unread */
	bool persistent;
	bool tls;                       /* speaks TLS with the settings' ssl options */
	bool handshake;                 /* sends AUTH and SELECT (not to a sentinel) */
	char persistent_id[48];         /* "redislock:" + SHA1 of the settings */
	char host[256];                 /* empty for a unix socket */
	zend_long port;
	char target[320];               /* what PHP streams connect to: "tcp://h:p" */
	char endpoint[300];             /* for messages: "h:p", "[v6]:p", "unix:/path" */
} redislock_link;

typedef struct _redislock_conn {
	redislock_config cfg;
	redislock_link *link;           /* the link of the current command */
	double op_start;                /* when the current call began, for messages */
	char op_name[32];               /* what it does, for messages ("SET", "unlock script") */

	bool shut_down;                 /* request shutdown closed it: never reconnect */

	/* Sentinel: the master is looked up when the link (re)connects. */
	uint32_t sentinel_first;        /* the sentinel that answered last, asked first */
	double master_checked;          /* when a sentinel last confirmed the master */

	/* Cluster: every master met so far, and which of them serves each slot. */
	redislock_link **nodes;
	uint32_t node_count;
	uint32_t node_capacity;
	uint16_t *slot_owner;           /* 16384 entries: node index + 1, or 0 */
	bool slots_stale;               /* reload the slot map before the next command */

	redislock_error err;
	char errstr[384];

	/* Called at request shutdown before the stream is closed (locks release here). */
	void (*on_shutdown)(void *owner);
	void *owner;
	struct _redislock_conn *prev, *next;
} redislock_conn;

/* May rewrite a command after an error reply and ask for it to be sent again to
 * the same server (EVALSHA -> EVAL after NOSCRIPT). */
typedef bool (*redislock_rewrite_fn)(const redisReply *reply, redislock_argv *a, const void *arg);

/* Takes ownership of cfg's contents. Connecting is deferred to the first command. */
redislock_conn *redislock_conn_create(redislock_config *cfg);
void redislock_conn_destroy(redislock_conn *c);

/* Connects if needed (and again after a fork or a broken connection). On a
 * cluster, picks the node that serves the command's key first. */
zend_result redislock_conn_ensure(redislock_conn *c);
zend_result redislock_conn_ensure_for(redislock_conn *c, const redislock_argv *a);
/* Sends one command and reads its reply, which may be an error reply. Follows
 * cluster redirections (MOVED, ASK), waits out TRYAGAIN and CLUSTERDOWN with a
 * bounded backoff, and finds the master again after a failover (READONLY): in
 * each of those cases the server did not run the command, so sending it again is
 * safe. The reply must arrive within timeout seconds of the first send. */
zend_result redislock_conn_exec(redislock_conn *c, redislock_argv *a, double timeout,
	redislock_rewrite_fn rewrite, const void *arg, redisReply **reply);
/* What the current command talks to, for messages. */
const char *redislock_conn_endpoint(const redislock_conn *c);
/* Marks the start of a call: its name and start time go into error messages. */
void redislock_conn_begin(redislock_conn *c, const char *op_name);
/* Queues a command; nothing is sent until flush. */
zend_result redislock_conn_append(redislock_conn *c, const redislock_argv *a);
/* Queues count commands already in RESP form (one encoding sent to several servers). */
void redislock_conn_append_raw(redislock_conn *c, const char *commands, size_t len, int count);
zend_result redislock_conn_flush(redislock_conn *c);
/* Reads one reply; the whole call must be done by the absolute monotonic deadline. */
zend_result redislock_conn_read(redislock_conn *c, double deadline, redisReply **reply);
/* ensure + begin (named after the command) + append + flush + read, bounded by
 * the connection's read_timeout. */
zend_result redislock_conn_call(redislock_conn *c, const redislock_argv *a, redisReply **reply);
zend_result redislock_conn_call_timeout(redislock_conn *c, const redislock_argv *a, double timeout, redisReply **reply);

/* Drops the socket. Used after any error, because a connection left mid-reply
 * would hand the next command the previous command's answer. */
void redislock_conn_close(redislock_conn *c);

/* Records an error to be thrown later by redislock_conn_throw(). */
void redislock_conn_set_error(redislock_conn *c, redislock_error kind, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

/* Throws the recorded connection error as the matching exception. */
void redislock_conn_throw(redislock_conn *c);
/* Throws a RedisLockServerException for an error reply to the current command. */
void redislock_conn_throw_reply(redislock_conn *c, const redisReply *reply);
/* Throws for a reply whose type the caller did not expect (a foreign value in our key). */
void redislock_conn_throw_unexpected(redislock_conn *c, const redisReply *reply);

/* Module startup: registers the observer that collects TLS handshake warnings. */
void redislock_conn_startup(void);

/* Whether the connection is open right now (for var_dump). */
bool redislock_conn_connected(const redislock_conn *c);

/* Frees the persistent links' memory at process end; PHP has closed their streams. */
void redislock_links_free(HashTable *links);

/* Closes every connection of the request; RSHUTDOWN calls it. */
void redislock_conn_shutdown_all(void);

#endif
