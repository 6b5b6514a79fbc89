/* The transport. A connection is opened lazily on the first command, and closed on
 * any error: a socket left with an unread reply would hand the next command the
 * previous command's answer, which for a lock means believing in a lock we lack. */
#include "php_redislock.h"
#include "redislock_conn.h"
#include "redislock_exceptions.h"
#include "php_network.h"
#include "ext/standard/php_string.h"
#include "zend_smart_str.h"
#include "zend_observer.h"
#include "ext/standard/sha1.h"
#include "ext/standard/md5.h"
#include <sys/socket.h>
#include <hiredis/sds.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <unistd.h>
#include <fcntl.h>

/* ---- argv ---------------------------------------------------------------- */

void redislock_argv_init(redislock_argv *a)
{
	a->argc = 0;
	a->capacity = REDISLOCK_ARGV_INLINE;
	a->argv = a->inline_argv;
	a->lens = a->inline_lens;
	a->scratch_used = 0;
	a->owned = NULL;
	a->owned_count = 0;
	a->owned_capacity = 0;
}

void redislock_argv_free(redislock_argv *a)
{
	for (int i = 0; i < a->owned_count; i++) {
		zend_string_release(a->owned[i]);
	}
	if (a->owned) {
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

void redislock_argv_push_str(redislock_argv *a, zend_string *s)
{
	redislock_argv_push(a, ZSTR_VAL(s), ZSTR_LEN(s));
}

void redislock_argv_push_owned(redislock_argv *a, zend_string *s)
{
	if (a->owned_count == a->owned_capacity) {
		a->owned_capacity = a->owned_capacity ? a->owned_capacity * 2 : 8;
		a->owned = safe_erealloc(a->owned, a->owned_capacity, sizeof(*a->owned), 0);
	}
	a->owned[a->owned_count++] = s;
	redislock_argv_push_str(a, s);
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
	int len = snprintf(buf, sizeof(buf), ZEND_LONG_FMT, value);
	push_formatted(a, buf, len);
}

void redislock_argv_push_double(redislock_argv *a, double value)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%.17g", value);
	push_formatted(a, buf, len);
}

/* ---- registry ------------------------------------------------------------ */

static void registry_link(redislock_conn *c)
{
	c->prev = NULL;
	c->next = REDISLOCK_G(live_conns);
	if (c->next) {
		c->next->prev = c;
	}
	REDISLOCK_G(live_conns) = c;
}

static void registry_unlink(redislock_conn *c)
{
	if (c->prev) {
		c->prev->next = c->next;
	} else if (REDISLOCK_G(live_conns) == c) {
		REDISLOCK_G(live_conns) = c->next;
	}
	if (c->next) {
		c->next->prev = c->prev;
	}
	c->prev = c->next = NULL;
}

/* ---- errors -------------------------------------------------------------- */

static void set_error(redislock_conn *c, redislock_error kind, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

static void set_error(redislock_conn *c, redislock_error kind, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(c->errstr, sizeof(c->errstr), format, args);
	va_end(args);
	c->err = kind;
}

static double elapsed(const redislock_conn *c)
{
	return redislock_now() - c->op_start;
}

void redislock_conn_throw(redislock_conn *c)
{
	zend_class_entry *ce;
	switch (c->err) {
		case REDISLOCK_ERR_TIMEOUT:
			ce = redislock_ce_timeout_exception;
			break;
		case REDISLOCK_ERR_SERVER:
			ce = redislock_ce_server_exception;
			break;
		default:
			ce = redislock_ce_connection_exception;
			break;
	}
	redislock_throw(ce, "%s", c->errstr);
}

void redislock_conn_throw_reply(redislock_conn *c, const redisReply *reply)
{
	/* Redis refuses a long command from a client that has not authenticated with a
	 * protocol error rather than NOAUTH; say what it means. */
	bool needs_auth = (reply->len >= 6 && memcmp(reply->str, "NOAUTH", 6) == 0)
		|| zend_memnstr(reply->str, "unauthenticated", sizeof("unauthenticated") - 1, reply->str + reply->len);
	redislock_throw(redislock_ce_server_exception, "%s on %s failed after %.3f s: %.*s%s",
		c->op_name, ZSTR_VAL(c->cfg.endpoint), elapsed(c), (int) MIN(reply->len, 512), reply->str,
		needs_auth ? " (the server requires authentication: give a password in the DSN or the password option)" : "");
}

void redislock_conn_throw_unexpected(redislock_conn *c, const redisReply *reply)
{
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_throw_reply(c, reply);
		return;
	}
	redislock_throw(redislock_ce_server_exception, "%s on %s returned an unexpected reply (RESP type %d)",
		c->op_name, ZSTR_VAL(c->cfg.endpoint), reply->type);
}

/* ---- TLS warnings ---------------------------------------------------------- */

/* PHP's TLS layer reports failures (a certificate that does not verify, a client
 * certificate the server refuses) only as warnings, and prints them. During every
 * TLS stream operation they are collected here instead, through an error
 * observer, and become part of our exception's message. */
static smart_str *tls_warnings;

static void collect_tls_warning(int type, zend_string *file, uint32_t line, zend_string *message)
{
	const char *text, *cause;
	if (!tls_warnings) {
		return;
	}
	/* PHP prefixes the warning with the running function: keep the cause only. */
	text = ZSTR_VAL(message);
	cause = strstr(text, "(): ");
	if (tls_warnings->s && ZSTR_LEN(tls_warnings->s) > 0) {
		smart_str_appends(tls_warnings, "; ");
	}
	smart_str_appends(tls_warnings, cause ? cause + 4 : text);
}

void redislock_conn_startup(void)
{
	zend_observer_error_register(collect_tls_warning);
}

/* Around every TLS stream operation (connect, write, read, close): PHP's warnings
 * are collected instead of printed. Plain TCP pays nothing. */
typedef struct {
	smart_str text;
	smart_str *outer;
	int error_reporting;
	zval user_error_handler;
	bool active;
} tls_quiet;

static void tls_quiet_begin(bool tls, tls_quiet *q)
{
	q->active = tls;
	if (!q->active) {
		return;
	}
	memset(&q->text, 0, sizeof(q->text));
	q->outer = tls_warnings;
	q->error_reporting = EG(error_reporting);
	tls_warnings = &q->text;
	EG(error_reporting) = 0;
	/* A set_error_handler() callback is called whatever error_reporting says:
	 * set it aside, so that these warnings reach only the observer. */
	ZVAL_COPY_VALUE(&q->user_error_handler, &EG(user_error_handler));
	ZVAL_UNDEF(&EG(user_error_handler));
}

/* Ends the quiet section; returns what PHP said meanwhile (NULL if nothing), for
 * the caller to release. */
static zend_string *tls_quiet_end(tls_quiet *q)
{
	if (!q->active) {
		return NULL;
	}
	EG(error_reporting) = q->error_reporting;
	ZVAL_COPY_VALUE(&EG(user_error_handler), &q->user_error_handler);
	tls_warnings = q->outer;
	smart_str_0(&q->text);
	return q->text.s;
}

/* ---- lifecycle ----------------------------------------------------------- */

static redislock_link *link_new(bool persistent)
{
	redislock_link *l = pecalloc(1, sizeof(*l), persistent);
	l->out = sdsempty();
	l->persistent = persistent;
	return l;
}

/* A forked child holds a copy of its parent's socket. Closing that copy is harmless
 * for plain TCP, but closing a TLS stream sends a close_notify alert through the
 * socket the parent is still using, which would break the parent's session. So in
 * a child, the descriptor is first pointed at /dev/null: whatever the close sends
 * goes nowhere, and the parent's connection is untouched. */
static void detach_from_parent(redislock_link *l)
{
	php_socket_t fd;
	int devnull;

	if (php_stream_cast(l->stream, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL, (void **) &fd, 0) != SUCCESS) {
		return;
	}
	devnull = open("/dev/null", O_RDWR);
	if (devnull >= 0) {
		dup2(devnull, fd);
		close(devnull);
	}
}

static void link_close(redislock_link *l, bool tls)
{
	if (l->stream) {
		tls_quiet quiet;
		zend_string *said;
		if (l->pid != getpid()) {
			detach_from_parent(l);
		}
		tls_quiet_begin(tls, &quiet);
		php_stream_free(l->stream, l->persistent ? PHP_STREAM_FREE_CLOSE_PERSISTENT : PHP_STREAM_FREE_CLOSE);
		if ((said = tls_quiet_end(&quiet)) != NULL) {
			zend_string_release(said);
		}
		l->stream = NULL;
	}
	if (l->reader) {
		redisReaderFree(l->reader);
		l->reader = NULL;
	}
	sdsclear(l->out);
	l->pending = 0;
}

/* The shared link for these settings. Everything that changes what the server
 * does with a connection (endpoint, TLS, credentials, database) is part of its
 * identity, so a reused connection is always in the state its settings promise. */
static redislock_link *persistent_link(const redislock_config *cfg)
{
	smart_str id = {0};
	PHP_SHA1_CTX ctx;
	unsigned char digest[20];
	char key[48];
	redislock_link *l;

	const zend_string *parts[] = {cfg->endpoint, cfg->user, cfg->password, cfg->persistent_id};

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (parts[i]) {
			smart_str_append(&id, (zend_string *) parts[i]);
		}
		smart_str_appendc(&id, '\0');
	}
	smart_str_append_long(&id, cfg->database);
	smart_str_appendc(&id, '\0');
	if (cfg->tls) {
		zend_string *name;
		zval *value;
		smart_str_appends(&id, "tls");
		ZEND_HASH_FOREACH_STR_KEY_VAL(cfg->tls, name, value) {
			smart_str_appendc(&id, '\0');
			smart_str_append(&id, name);
			smart_str_appendc(&id, '=');
			if (Z_TYPE_P(value) == IS_STRING) {
				smart_str_append(&id, Z_STR_P(value));
			} else {
				smart_str_appendc(&id, Z_TYPE_P(value) == IS_TRUE ? '1' : '0');
			}
		} ZEND_HASH_FOREACH_END();
	}
	smart_str_0(&id);

	PHP_SHA1Init(&ctx);
	PHP_SHA1Update(&ctx, (const unsigned char *) ZSTR_VAL(id.s), ZSTR_LEN(id.s));
	PHP_SHA1Final(digest, &ctx);
	smart_str_free(&id);
	memcpy(key, "redislock:", 10);
	make_digest_ex(key + 10, digest, 16);

	if ((l = zend_hash_str_find_ptr(&REDISLOCK_G(links), key, strlen(key))) == NULL) {
		l = link_new(true);
		strlcpy(l->persistent_id, key, sizeof(l->persistent_id));
		zend_hash_str_add_ptr(&REDISLOCK_G(links), key, strlen(key), l);
	}
	return l;
}

void redislock_links_free(HashTable *links)
{
	redislock_link *l;
	ZEND_HASH_FOREACH_PTR(links, l) {
		/* PHP has already destroyed its persistent streams, this one's included. */
		if (l->reader) {
			redisReaderFree(l->reader);
		}
		sdsfree(l->out);
		pefree(l, 1);
	} ZEND_HASH_FOREACH_END();
	zend_hash_destroy(links);
}

bool redislock_conn_connected(const redislock_conn *c)
{
	return c->link->stream != NULL;
}

redislock_conn *redislock_conn_create(redislock_config *cfg)
{
	redislock_conn *c = ecalloc(1, sizeof(*c));
	c->cfg = *cfg;
	memset(cfg, 0, sizeof(*cfg));
	c->link = c->cfg.persistent ? persistent_link(&c->cfg) : link_new(false);
	registry_link(c);
	return c;
}

void redislock_conn_close(redislock_conn *c)
{
	link_close(c->link, c->cfg.tls != NULL);
}

void redislock_conn_destroy(redislock_conn *c)
{
	if (!c->link->persistent) {
		link_close(c->link, c->cfg.tls != NULL);
		sdsfree(c->link->out);
		efree(c->link);
	}
	registry_unlink(c);
	redislock_config_free(&c->cfg);
	efree(c);
}

/* After "Allowed memory size exhausted" the heap is still full when RSHUTDOWN runs,
 * and releasing a lock needs a few small allocations. The request is over, so a
 * little headroom above the limit is harmless; the next request resets the limit. */
static void ensure_shutdown_headroom(void)
{
	const size_t headroom = 4 * 1024 * 1024;
	size_t usage = zend_memory_usage(true);
	if (PG(memory_limit) > 0 && usage + headroom > (size_t) PG(memory_limit)) {
		zend_set_memory_limit(usage + headroom);
	}
}

void redislock_conn_shutdown_all(void)
{
	redislock_conn *c = REDISLOCK_G(live_conns);
	if (c) {
		ensure_shutdown_headroom();
	}
	while (c) {
		redislock_conn *next = c->next;
		if (c->on_shutdown) {
			c->on_shutdown(c->owner);
		}
		/* A persistent link stays for the next request, unless a reply is still
		 * owed on it: then its state is unknown and it must not be reused. */
		if (!c->link->persistent || c->link->pending > 0) {
			redislock_conn_close(c);
		}
		c->shut_down = true;
		c->prev = c->next = NULL;
		c = next;
	}
	REDISLOCK_G(live_conns) = NULL;

	/* In a forked child, PHP will close the persistent streams it inherited when it
	 * exits; make sure nothing of that reaches the parent's sessions. */
	{
		redislock_link *l;
		ZEND_HASH_FOREACH_PTR(&REDISLOCK_G(links), l) {
			if (l->stream && l->pid != getpid()) {
				detach_from_parent(l);
			}
		} ZEND_HASH_FOREACH_END();
	}
}

static void set_stream_timeout(redislock_conn *c, double seconds)
{
	struct timeval tv;
	/* Round up to the next millisecond: poll() would turn 0.4 ms into 0 and spin. */
	double ms = ceil(seconds * 1000.0);
	tv.tv_sec = (time_t) (ms / 1000.0);
	tv.tv_usec = (suseconds_t) (fmod(ms, 1000.0) * 1000.0);
	php_stream_set_option(c->link->stream, PHP_STREAM_OPTION_READ_TIMEOUT, 0, &tv);
}

static zend_result handshake(redislock_conn *c)
{
	redislock_argv auth, select;
	int expected = 0;
	zend_result result = SUCCESS;

	redislock_argv_init(&auth);
	redislock_argv_init(&select);
	if (c->cfg.password) {
		redislock_argv_push(&auth, "AUTH", 4);
		if (c->cfg.user) {
			redislock_argv_push_str(&auth, c->cfg.user);
		}
		redislock_argv_push_str(&auth, c->cfg.password);
		redislock_conn_append(c, &auth);
		expected++;
	}
	if (c->cfg.database != 0) {
		redislock_argv_push(&select, "SELECT", 6);
		redislock_argv_push_long(&select, c->cfg.database);
		redislock_conn_append(c, &select);
		expected++;
	}
	if (expected > 0) {
		double deadline = redislock_now() + c->cfg.read_timeout;
		const char *names[2] = {c->cfg.password ? "AUTH" : "SELECT", "SELECT"};
		result = redislock_conn_flush(c);
		for (int i = 0; i < expected && result == SUCCESS; i++) {
			redisReply *reply;
			redislock_conn_begin(c, names[i]);
			result = redislock_conn_read(c, deadline, &reply);
			if (result == SUCCESS) {
				if (reply->type == REDIS_REPLY_ERROR) {
					set_error(c, REDISLOCK_ERR_SERVER, "%s on %s failed: %.*s", names[i],
						ZSTR_VAL(c->cfg.endpoint), (int) MIN(reply->len, 256), reply->str);
					result = FAILURE;
				}
				freeReplyObject(reply);
			}
		}
		if (result == FAILURE) {
			redislock_conn_close(c);
		}
	}
	redislock_argv_free(&auth);
	redislock_argv_free(&select);
	return result;
}

static const char *persistent_id(const redislock_conn *c)
{
	return c->link->persistent ? c->link->persistent_id : NULL;
}

/* Opens a TLS stream with the configured ssl context options. */
static php_stream *connect_tls(redislock_conn *c, zend_string *target, struct timeval *tv,
	zend_string **errstr, int *errcode)
{
	php_stream_context *context = php_stream_context_alloc();
	php_stream *stream;
	zend_string *name, *said;
	zval *value;
	tls_quiet quiet;

	ZEND_HASH_FOREACH_STR_KEY_VAL(c->cfg.tls, name, value) {
		php_stream_context_set_option(context, "ssl", ZSTR_VAL(name), value);
	} ZEND_HASH_FOREACH_END();

	tls_quiet_begin(c->cfg.tls != NULL, &quiet);
	stream = php_stream_xport_create(ZSTR_VAL(target), ZSTR_LEN(target), 0,
		STREAM_XPORT_CLIENT | STREAM_XPORT_CONNECT, persistent_id(c), tv, context, errstr, errcode);
	said = tls_quiet_end(&quiet);
	if (said) {
		if (!stream) {
			if (*errstr) {
				zend_string_release(*errstr);
			}
			*errstr = said;
		} else {
			zend_string_release(said);
		}
	}
	/* The stream keeps its own reference to the context. */
	zend_list_delete(context->res);
	return stream;
}

static zend_result connect_stream(redislock_conn *c)
{
	zend_string *target, *errstr = NULL;
	int errcode = 0;
	struct timeval tv;
	double start = redislock_now();
	const char *scheme = c->cfg.tls ? "tls" : "tcp";

	if (c->cfg.socket) {
		target = zend_strpprintf(0, "unix://%s", ZSTR_VAL(c->cfg.socket));
	} else if (memchr(ZSTR_VAL(c->cfg.host), ':', ZSTR_LEN(c->cfg.host))) {
		target = zend_strpprintf(0, "%s://[%s]:" ZEND_LONG_FMT, scheme, ZSTR_VAL(c->cfg.host), c->cfg.port);
	} else {
		target = zend_strpprintf(0, "%s://%s:" ZEND_LONG_FMT, scheme, ZSTR_VAL(c->cfg.host), c->cfg.port);
	}
	tv.tv_sec = (time_t) c->cfg.connect_timeout;
	tv.tv_usec = (suseconds_t) ((c->cfg.connect_timeout - (double) tv.tv_sec) * 1000000.0);

	if (c->cfg.tls) {
		c->link->stream = connect_tls(c, target, &tv, &errstr, &errcode);
	} else {
		c->link->stream = php_stream_xport_create(ZSTR_VAL(target), ZSTR_LEN(target), 0,
			STREAM_XPORT_CLIENT | STREAM_XPORT_CONNECT, persistent_id(c), &tv, NULL, &errstr, &errcode);
	}
	zend_string_release(target);

	if (!c->link->stream) {
		if (errcode == ETIMEDOUT) {
			set_error(c, REDISLOCK_ERR_TIMEOUT, "connect to %s timed out after %.3f s (connect_timeout %g s)",
				ZSTR_VAL(c->cfg.endpoint), redislock_now() - start, c->cfg.connect_timeout);
		} else {
			set_error(c, REDISLOCK_ERR_CONNECT, "connect to %s failed: %s (connect_timeout %g s)",
				ZSTR_VAL(c->cfg.endpoint), errstr ? ZSTR_VAL(errstr) : "unknown error", c->cfg.connect_timeout);
		}
		if (errstr) {
			zend_string_release(errstr);
		}
		return FAILURE;
	}
	if (errstr) {
		zend_string_release(errstr);
	}

	/* Errors are reported once, by us, as exceptions; not also as PHP notices. */
	c->link->stream->flags |= PHP_STREAM_FLAG_SUPPRESS_ERRORS;
	php_stream_set_option(c->link->stream, PHP_STREAM_OPTION_READ_BUFFER, PHP_STREAM_BUFFER_NONE, NULL);
	if (!c->cfg.socket) {
		php_socket_t fd;
		if (php_stream_cast(c->link->stream, PHP_STREAM_AS_SOCKETD, (void **) &fd, 0) == SUCCESS) {
			int one = 1;
			/* Each command is written whole; Nagle would only add latency. */
			setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, (char *) &one, sizeof(one));
		}
	}
	set_stream_timeout(c, c->cfg.read_timeout);
	c->link->reader = redisReaderCreate();
	c->link->pid = getpid();
	return handshake(c);
}

/* Checked before every call, while nothing has been sent yet: the server may have
 * closed an idle connection (CLIENT KILL, its timeout setting, a restart). Finding
 * out now lets the call reconnect transparently; finding out after sending would
 * leave it unknown whether the command ran. A plain TCP link with bytes waiting
 * that nobody asked for is not in a state to trust either. Over TLS, waiting bytes
 * are normal (session tickets), so only a closed socket counts. One non-blocking
 * syscall. */
static bool link_still_good(redislock_link *l, bool tls)
{
	php_socket_t fd;
	char byte;
	ssize_t n;

	if (php_stream_cast(l->stream, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL, (void **) &fd, 0) != SUCCESS) {
		return false;
	}
	n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n == 0) {
		return false;
	}
	if (n > 0) {
		return tls;
	}
	return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

zend_result redislock_conn_ensure(redislock_conn *c)
{
	redislock_link *l = c->link;

	if (l->stream && l->pid != getpid()) {
		/* A forked child must never speak on its parent's socket: both would read
		 * each other's replies. It lets go of its copy (see detach_from_parent)
		 * and reconnects. */
		redislock_conn_close(c);
	}
	if (l->stream && l->pending == 0 && !link_still_good(l, c->cfg.tls != NULL)) {
		redislock_conn_close(c);
	}
	if (l->stream) {
		return SUCCESS;
	}
	if (c->shut_down) {
		set_error(c, REDISLOCK_ERR_CONNECT, "connect to %s refused: the request is shutting down", ZSTR_VAL(c->cfg.endpoint));
		return FAILURE;
	}
	c->err = REDISLOCK_OK;
	return connect_stream(c);
}

void redislock_conn_begin(redislock_conn *c, const char *op_name)
{
	strlcpy(c->op_name, op_name, sizeof(c->op_name));
	c->op_start = redislock_now();
}

zend_result redislock_conn_append(redislock_conn *c, const redislock_argv *a)
{
	if (sdslen(c->link->out) == 0) {
		sds cmd = NULL;
		if (redisFormatSdsCommandArgv(&cmd, a->argc, a->argv, a->lens) < 0) {
			set_error(c, REDISLOCK_ERR_IO, "out of memory formatting %.*s", (int) a->lens[0], a->argv[0]);
			return FAILURE;
		}
		sdsfree(c->link->out);
		c->link->out = cmd;
	} else {
		sds cmd = NULL;
		if (redisFormatSdsCommandArgv(&cmd, a->argc, a->argv, a->lens) < 0) {
			set_error(c, REDISLOCK_ERR_IO, "out of memory formatting %.*s", (int) a->lens[0], a->argv[0]);
			return FAILURE;
		}
		c->link->out = sdscatsds(c->link->out, cmd);
		sdsfree(cmd);
	}
	c->link->pending++;
	return SUCCESS;
}

zend_result redislock_conn_flush(redislock_conn *c)
{
	size_t len = sdslen(c->link->out);
	ssize_t written;
	tls_quiet quiet;
	zend_string *said;

	if (len == 0) {
		return SUCCESS;
	}
	tls_quiet_begin(c->cfg.tls != NULL, &quiet);
	written = php_stream_write(c->link->stream, c->link->out, len);
	said = tls_quiet_end(&quiet);
	sdsclear(c->link->out);
	if (written < 0 || (size_t) written != len) {
		set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: could not send the command: %s",
			c->op_name, ZSTR_VAL(c->cfg.endpoint), elapsed(c),
			said ? ZSTR_VAL(said) : errno ? strerror(errno) : "connection closed");
		if (said) {
			zend_string_release(said);
		}
		redislock_conn_close(c);
		return FAILURE;
	}
	if (said) {
		zend_string_release(said);
	}
	return SUCCESS;
}

zend_result redislock_conn_read(redislock_conn *c, double deadline, redisReply **reply)
{
	char buf[16384];

	for (;;) {
		void *r = NULL;
		double remaining;
		ssize_t n;
		tls_quiet quiet;
		zend_string *said;

		if (redisReaderGetReply(c->link->reader, &r) != REDIS_OK) {
			set_error(c, REDISLOCK_ERR_PROTOCOL, "%s on %s failed: protocol error: %s",
				c->op_name, ZSTR_VAL(c->cfg.endpoint), c->link->reader->errstr);
			redislock_conn_close(c);
			return FAILURE;
		}
		if (r) {
			c->link->pending--;
			*reply = r;
			return SUCCESS;
		}
		remaining = deadline - redislock_now();
		if (remaining <= 0) {
			break;
		}
		set_stream_timeout(c, remaining);
		errno = 0;
		tls_quiet_begin(c->cfg.tls != NULL, &quiet);
		n = php_stream_read(c->link->stream, buf, sizeof(buf));
		said = tls_quiet_end(&quiet);
		if (n > 0) {
			if (said) {
				zend_string_release(said);
			}
			redisReaderFeed(c->link->reader, buf, (size_t) n);
			continue;
		}
		if (said) {
			/* The TLS layer gave up on the connection (an alert from the server). */
			set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: %s",
				c->op_name, ZSTR_VAL(c->cfg.endpoint), elapsed(c), ZSTR_VAL(said));
			zend_string_release(said);
			redislock_conn_close(c);
			return FAILURE;
		}
		if (c->link->stream->eof) {
			set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: connection closed by the server",
				c->op_name, ZSTR_VAL(c->cfg.endpoint), elapsed(c));
			redislock_conn_close(c);
			return FAILURE;
		}
		if (n < 0 && errno != 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ETIMEDOUT) {
			set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: %s",
				c->op_name, ZSTR_VAL(c->cfg.endpoint), elapsed(c), strerror(errno));
			redislock_conn_close(c);
			return FAILURE;
		}
	}
	set_error(c, REDISLOCK_ERR_TIMEOUT, "%s on %s timed out after %.3f s waiting for the reply",
		c->op_name, ZSTR_VAL(c->cfg.endpoint), elapsed(c));
	redislock_conn_close(c);
	return FAILURE;
}

zend_result redislock_conn_call_timeout(redislock_conn *c, const redislock_argv *a, double timeout, redisReply **reply)
{
	char name[32];
	if (redislock_conn_ensure(c) == FAILURE) {
		return FAILURE;
	}
	snprintf(name, sizeof(name), "%.*s", (int) MIN(a->lens[0], sizeof(name) - 1), a->argv[0]);
	redislock_conn_begin(c, name);
	if (redislock_conn_append(c, a) == FAILURE || redislock_conn_flush(c) == FAILURE) {
		return FAILURE;
	}
	return redislock_conn_read(c, c->op_start + timeout, reply);
}

zend_result redislock_conn_call(redislock_conn *c, const redislock_argv *a, redisReply **reply)
{
	return redislock_conn_call_timeout(c, a, c->cfg.read_timeout, reply);
}
