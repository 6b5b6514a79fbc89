/* One link: a socket to one Redis server, TLS on it when asked, the commands
 * waiting to be written and the reader of their replies. Every operation is
 * bounded by an absolute deadline on the monotonic clock.
 *
 * No Zend API: memory comes from malloc, failures go into a redislock_status,
 * and nothing here can raise a PHP warning or call into PHP. That is what keeps
 * user code (error handlers, destructors) out of the middle of a call, and what
 * lets a thread of the extension's own use a link. */
#ifndef REDISLOCK_LINK_H
#define REDISLOCK_LINK_H

#include "redislock_util.h"
#include <hiredis/hiredis.h>

typedef struct ssl_st SSL;

/* Asked by a read each time a signal interrupts its wait, when the link has one:
 * true ends the read at once with REDISLOCK_ERR_INTERRUPTED and closes the link
 * (the reply still on its way could no longer be told from the next one's). */
typedef struct _redislock_interrupt {
	bool (*pending)(void *arg);
	void *arg;
} redislock_interrupt;

/* The TLS options, under PHP's ssl context names. NULL strings are unset. */
typedef struct _redislock_tls_settings {
	const char *cafile;        /* else capath, else the system's CA store */
	const char *capath;
	const char *local_cert;    /* client certificate (PEM), may hold the key too */
	const char *local_pk;      /* its key, when not in local_cert */
	const char *peer_name;     /* the name to verify and send as SNI; default the host */
	bool verify_peer;
	bool verify_peer_name;
} redislock_tls_settings;

/* The server behind a link, as its probe found it (redislock_link_open() with
 * probe set): the kind, the version, and what it has, each capability a row of
 * the table in redislock_link.c (the release of each kind that brought it, the
 * command COMMAND INFO must know, so that one renamed or disabled counts as
 * missing). Nothing is known until the probe's replies are read: with AUTH or
 * SELECT, in the handshake's round trip; otherwise ahead of the link's first
 * reply, in the same write as its first command. A reconnect probes again. */
typedef enum {
	REDISLOCK_SERVER_UNKNOWN = 0,
	REDISLOCK_SERVER_REDIS,
	REDISLOCK_SERVER_VALKEY,
} redislock_server_kind;

typedef enum {
	REDISLOCK_CAP_CLIENT_SETINFO,    /* Redis and Valkey 7.2 */
	REDISLOCK_CAP_XACKDEL,           /* Redis 8.2 */
	REDISLOCK_CAP_XREADGROUP_CLAIM,  /* Redis 8.4 */
	REDISLOCK_CAP_DELEX,             /* Redis 8.4 */
	REDISLOCK_CAP_SET_IFEQ,          /* Valkey 8.1, Redis 8.4 */
	REDISLOCK_CAP_DELIFEQ,           /* Valkey 9.0 */
	REDISLOCK_CAP_COUNT
} redislock_cap;

typedef struct _redislock_server {
	redislock_server_kind kind;
	unsigned version;          /* major * 10000 + minor * 100 + patch; 0 unknown */
	char version_text[24];
	uint32_t caps;             /* bit (1 << redislock_cap) per capability found */
	bool commands_listed;      /* COMMAND INFO answered (else the version alone decides) */
} redislock_server;

/* What opening a link needs besides its target. */
typedef struct _redislock_link_options {
	const redislock_tls_settings *tls;  /* NULL: plain TCP or a unix socket */
	/* AUTH and SELECT right after connecting (not sent to a sentinel). */
	const char *user;
	size_t user_len;
	const char *password;               /* NULL: no AUTH */
	size_t password_len;
	long long database;
	double connect_timeout;             /* seconds: TCP connect and TLS handshake */
	double read_timeout;                /* seconds: the AUTH and SELECT replies */
	/* Probe the server (redislock_server) and name the library to it (CLIENT
	 * SETINFO lib-name, lib-ver) on connecting; lib_ver is the version sent. */
	bool probe;
	const char *lib_ver;
} redislock_link_options;

typedef struct _redislock_link {
	int fd;                    /* -1 when closed */
	SSL *ssl;
	redisReader *reader;
	redislock_generation generation; /* redislock_fork_generation when it was opened */
	redislock_buf out;         /* commands waiting to be written */
	size_t out_sent;           /* bytes of out already written */
	uint64_t written;          /* bytes written since the link was made, for "was anything sent?" */
	int pending;               /* commands written or queued whose reply is unread */
	int probe_owed;            /* replies of the probe still to read, ahead of every other (not in pending) */
	redislock_server server;   /* what the probe found (reset when the link opens) */
	bool persistent;           /* shared by the objects of a process across requests */
	const redislock_interrupt *interrupt;  /* NULL but during a wait that signals may end */
	bool tls;
	long port;
	char host[256];            /* empty for a unix socket */
	char socket_path[108];     /* empty for TCP */
	char endpoint[300];        /* for messages: "h:p", "[v6]:p" or "unix:/path" */
} redislock_link;

/* The longest unix socket path a sockaddr_un holds. */
#define REDISLOCK_MAX_SOCKET_PATH 107

redislock_link *redislock_link_new(bool persistent);
/* Closes and frees. */
void redislock_link_free(redislock_link *l);

/* Points a link at a server; it connects there the next time it is opened. */
void redislock_link_target(redislock_link *l, const char *host, long port, const char *socket_path, bool tls);

/* "h:p", "[v6]:p" or "unix:/path". */
void redislock_link_format_endpoint(char *out, size_t size, const char *host, long port, const char *socket_path);

/* Connects (TCP or unix socket, then TLS), then sends AUTH and SELECT. The
 * message in st is complete: "connect to h:p failed: ...". */
bool redislock_link_open(redislock_link *l, const redislock_link_options *o, redislock_status *st);

static inline bool redislock_link_is_open(const redislock_link *l)
{
	return l->fd >= 0;
}

/* Whether the server behind the link has a capability (false until known). */
static inline bool redislock_link_has(const redislock_link *l, redislock_cap cap)
{
	return (l->server.caps & (1u << cap)) != 0;
}

/* The name of a capability ("CLIENT SETINFO", "XACKDEL", ...), and of a server kind. */
const char *redislock_cap_name(redislock_cap cap);
const char *redislock_server_kind_name(redislock_server_kind kind);

/* Whether the link can carry a new command as it is: open, opened in this
 * process, nothing owed on it, and not closed by the server meanwhile (one
 * non-blocking peek). A link that fails is closed. */
bool redislock_link_usable(redislock_link *l);

/* Drops the connection. In a forked child, nothing is sent on the way out: the
 * socket is the parent's too, and a TLS close_notify would end its session. */
void redislock_link_close(redislock_link *l);

/* Queues a command; nothing is sent until flush. False when memory runs out (the
 * link is then closed). Flush and read fail on a closed link. */
bool redislock_link_append(redislock_link *l, int argc, const char *const *argv, const size_t *lens);
/* Queues count commands already in RESP form. */
bool redislock_link_append_raw(redislock_link *l, const char *commands, size_t len, int count);

/* Writes what is queued by the deadline. On failure st holds the cause only
 * ("connection closed by the server", "timed out sending the command"), for the
 * caller to put after the name of its call; the link is closed. */
bool redislock_link_flush(redislock_link *l, double deadline, redislock_status *st);

/* Reads one reply by the deadline (which may be an error reply). On failure st
 * holds the cause only, as for flush; the link is closed. */
bool redislock_link_read(redislock_link *l, double deadline, redisReply **reply, redislock_status *st);

#endif
