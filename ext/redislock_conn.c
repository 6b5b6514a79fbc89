/* The transport. A connection is opened lazily on the first command, and closed on
 * any error: a socket left with an unread reply would hand the next command the
 * previous command's answer, which for a lock means believing in a lock we lack. */
#include "php_redislock.h"
#include "redislock_conn.h"
#include "redislock_exceptions.h"
#include "redislock_commands.h"
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

void redislock_conn_set_error(redislock_conn *c, redislock_error kind, const char *format, ...)
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
		c->op_name, c->link->endpoint, elapsed(c), (int) MIN(reply->len, 512), reply->str,
		needs_auth ? " (the server requires authentication: give a password in the DSN or the password option)" : "");
}

void redislock_conn_throw_unexpected(redislock_conn *c, const redisReply *reply)
{
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_throw_reply(c, reply);
		return;
	}
	redislock_throw(redislock_ce_server_exception, "%s on %s returned an unexpected reply (RESP type %d)",
		c->op_name, c->link->endpoint, reply->type);
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
	l->handshake = true;
	return l;
}

/* "h:p", "[v6]:p" or "unix:/path": how messages name a server. */
static void format_endpoint(char *out, size_t size, const char *host, zend_long port, const char *socket)
{
	if (socket) {
		snprintf(out, size, "unix:%s", socket);
	} else if (strchr(host, ':')) {
		snprintf(out, size, "[%s]:" ZEND_LONG_FMT, host, port);
	} else {
		snprintf(out, size, "%s:" ZEND_LONG_FMT, host, port);
	}
}

/* Points a link at a server (a unix socket, or host and port); it connects there
 * the next time it connects. */
static void link_target(redislock_link *l, const char *host, zend_long port, const char *socket, bool tls)
{
	l->tls = tls;
	format_endpoint(l->endpoint, sizeof(l->endpoint), host, port, socket);
	if (socket) {
		l->host[0] = '\0';
		l->port = 0;
		snprintf(l->target, sizeof(l->target), "unix://%s", socket);
		return;
	}
	strlcpy(l->host, host, sizeof(l->host));
	l->port = port;
	snprintf(l->target, sizeof(l->target), "%s://%s", tls ? "tls" : "tcp", l->endpoint);
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

static void link_close(redislock_link *l)
{
	if (l->stream) {
		tls_quiet quiet;
		zend_string *said;
		if (l->pid != getpid()) {
			detach_from_parent(l);
		}
		tls_quiet_begin(l->tls, &quiet);
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

/* Frees a link the connection owns (not a persistent one). */
static void link_free(redislock_link *l)
{
	if (!l->persistent) {
		link_close(l);
		sdsfree(l->out);
		efree(l);
	}
}

/* The shared link for these settings and this server. Everything that changes
 * what the server does with a connection (endpoint, TLS, credentials, database)
 * is part of its identity, so a reused connection is always in the state its
 * settings promise. */
static redislock_link *persistent_link(const redislock_config *cfg, const char *endpoint)
{
	smart_str id = {0};
	PHP_SHA1_CTX ctx;
	unsigned char digest[20];
	char key[48];
	redislock_link *l;

	const zend_string *parts[] = {cfg->user, cfg->password, cfg->persistent_id};

	smart_str_appends(&id, endpoint);
	smart_str_appendc(&id, '\0');
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

/* A link of the connection's own, or the shared one for its settings. */
static redislock_link *conn_link(redislock_conn *c, const char *host, zend_long port, const char *socket)
{
	redislock_link *l;
	if (c->cfg.persistent) {
		/* Shared by server: a cluster node's own address, else what the settings
		 * name (a Sentinel-managed link keeps its identity across failovers). */
		char node[300];
		format_endpoint(node, sizeof(node), host, port, socket);
		l = persistent_link(&c->cfg, c->cfg.mode == REDISLOCK_MODE_CLUSTER ? node : ZSTR_VAL(c->cfg.endpoint));
		if (l->stream) {
			return l;
		}
	} else {
		l = link_new(false);
	}
	link_target(l, host, port, socket, c->cfg.tls != NULL);
	return l;
}

/* Cluster: the link of the node at host:port, added if it is new. */
static uint32_t cluster_node(redislock_conn *c, const char *host, zend_long port)
{
	for (uint32_t i = 0; i < c->node_count; i++) {
		if (c->nodes[i]->port == port && strcmp(c->nodes[i]->host, host) == 0) {
			return i;
		}
	}
	if (c->node_count == c->node_capacity) {
		c->node_capacity = c->node_capacity ? c->node_capacity * 2 : 4;
		c->nodes = safe_erealloc(c->nodes, c->node_capacity, sizeof(*c->nodes), 0);
	}
	c->nodes[c->node_count] = conn_link(c, host, port, NULL);
	return c->node_count++;
}

bool redislock_conn_connected(const redislock_conn *c)
{
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER) {
		for (uint32_t i = 0; i < c->node_count; i++) {
			if (c->nodes[i]->stream) {
				return true;
			}
		}
		return false;
	}
	return c->link->stream != NULL;
}

const char *redislock_conn_endpoint(const redislock_conn *c)
{
	return c->link->endpoint;
}

redislock_conn *redislock_conn_create(redislock_config *cfg)
{
	redislock_conn *c = ecalloc(1, sizeof(*c));
	c->cfg = *cfg;
	memset(cfg, 0, sizeof(*cfg));
	switch (c->cfg.mode) {
		case REDISLOCK_MODE_CLUSTER:
			for (uint32_t i = 0; i < c->cfg.seed_count; i++) {
				cluster_node(c, ZSTR_VAL(c->cfg.seeds[i].host), c->cfg.seeds[i].port);
			}
			c->link = c->nodes[0];
			c->slots_stale = true;
			break;
		case REDISLOCK_MODE_SENTINEL:
			/* Aimed at the master once a sentinel has named it. */
			c->link = conn_link(c, ZSTR_VAL(c->cfg.seeds[0].host), c->cfg.seeds[0].port, NULL);
			break;
		default:
			c->link = conn_link(c, c->cfg.socket ? NULL : ZSTR_VAL(c->cfg.host), c->cfg.port,
				c->cfg.socket ? ZSTR_VAL(c->cfg.socket) : NULL);
			break;
	}
	registry_link(c);
	return c;
}

void redislock_conn_close(redislock_conn *c)
{
	link_close(c->link);
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER) {
		/* The node may be gone for good (a failover): ask for the map again. */
		c->slots_stale = true;
	}
}

/* Every link of the connection: one, or a cluster's nodes. */
#define FOREACH_LINK(c, l) \
	for (uint32_t _i = 0, _n = (c)->cfg.mode == REDISLOCK_MODE_CLUSTER ? (c)->node_count : 1; _i < _n; _i++) \
		if (((l) = (c)->cfg.mode == REDISLOCK_MODE_CLUSTER ? (c)->nodes[_i] : (c)->link) != NULL)

void redislock_conn_destroy(redislock_conn *c)
{
	redislock_link *l;
	FOREACH_LINK(c, l) {
		link_free(l);
	}
	if (c->nodes) {
		efree(c->nodes);
	}
	if (c->slot_owner) {
		efree(c->slot_owner);
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
		redislock_link *l;
		if (c->on_shutdown) {
			c->on_shutdown(c->owner);
		}
		/* A persistent link stays for the next request, unless a reply is still
		 * owed on it: then its state is unknown and it must not be reused. */
		FOREACH_LINK(c, l) {
			if (!l->persistent || l->pending > 0) {
				link_close(l);
			}
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

/* Sends the commands in a (each a complete command) and reads their replies into
 * replies[], within the read timeout. On an error reply, records it as a server
 * error naming the command, closes the link and fails. */
static zend_result setup_commands(redislock_conn *c, redislock_argv *cmds, int n, redisReply **replies)
{
	char saved_name[sizeof(c->op_name)];
	double saved_start = c->op_start;
	double deadline = redislock_now() + c->cfg.read_timeout;
	zend_result result = SUCCESS;
	int read = 0;

	/* Error messages name the command of this step; the caller's call resumes after. */
	memcpy(saved_name, c->op_name, sizeof(saved_name));
	for (int i = 0; i < n; i++) {
		replies[i] = NULL;
		redislock_conn_append(c, &cmds[i]);
	}
	result = redislock_conn_flush(c);
	for (; read < n && result == SUCCESS; read++) {
		snprintf(c->op_name, sizeof(c->op_name), "%.*s", (int) MIN(cmds[read].lens[0], sizeof(c->op_name) - 1), cmds[read].argv[0]);
		c->op_start = redislock_now();
		result = redislock_conn_read(c, deadline, &replies[read]);
		if (result == SUCCESS && replies[read]->type == REDIS_REPLY_ERROR) {
			redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "%s on %s failed: %.*s", c->op_name,
				c->link->endpoint, (int) MIN(replies[read]->len, 256), replies[read]->str);
			result = FAILURE;
			read++;
			break;
		}
	}
	if (result == FAILURE) {
		for (int i = 0; i < read; i++) {
			if (replies[i]) {
				freeReplyObject(replies[i]);
				replies[i] = NULL;
			}
		}
		redislock_conn_close(c);
	}
	memcpy(c->op_name, saved_name, sizeof(saved_name));
	c->op_start = saved_start;
	return result;
}

/* AUTH and SELECT, pipelined, right after connecting. */
static zend_result handshake(redislock_conn *c)
{
	redislock_argv cmds[2];
	redisReply *replies[2];
	int n = 0;
	zend_result result;

	if (c->cfg.password) {
		redislock_argv_init(&cmds[n]);
		redislock_argv_push(&cmds[n], "AUTH", 4);
		if (c->cfg.user) {
			redislock_argv_push_str(&cmds[n], c->cfg.user);
		}
		redislock_argv_push_str(&cmds[n], c->cfg.password);
		n++;
	}
	if (c->cfg.database != 0) {
		redislock_argv_init(&cmds[n]);
		redislock_argv_push(&cmds[n], "SELECT", 6);
		redislock_argv_push_long(&cmds[n], c->cfg.database);
		n++;
	}
	if (n == 0) {
		return SUCCESS;
	}
	result = setup_commands(c, cmds, n, replies);
	for (int i = 0; i < n; i++) {
		if (result == SUCCESS) {
			freeReplyObject(replies[i]);
		}
		redislock_argv_free(&cmds[i]);
	}
	return result;
}

static const char *persistent_id(const redislock_conn *c)
{
	return c->link->persistent ? c->link->persistent_id : NULL;
}

/* Opens a TLS stream with the configured ssl context options. */
static php_stream *connect_tls(redislock_conn *c, struct timeval *tv, zend_string **errstr, int *errcode)
{
	php_stream_context *context = php_stream_context_alloc();
	php_stream *stream;
	zend_string *name, *said;
	zval *value;
	tls_quiet quiet;

	ZEND_HASH_FOREACH_STR_KEY_VAL(c->cfg.tls, name, value) {
		php_stream_context_set_option(context, "ssl", ZSTR_VAL(name), value);
	} ZEND_HASH_FOREACH_END();

	tls_quiet_begin(true, &quiet);
	stream = php_stream_xport_create(c->link->target, strlen(c->link->target), 0,
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

/* Opens c->link's stream to its target, then authenticates and selects. */
static zend_result connect_stream(redislock_conn *c)
{
	zend_string *errstr = NULL;
	int errcode = 0;
	struct timeval tv;
	double start = redislock_now();
	redislock_link *l = c->link;

	tv.tv_sec = (time_t) c->cfg.connect_timeout;
	tv.tv_usec = (suseconds_t) ((c->cfg.connect_timeout - (double) tv.tv_sec) * 1000000.0);

	if (l->tls) {
		l->stream = connect_tls(c, &tv, &errstr, &errcode);
	} else {
		l->stream = php_stream_xport_create(l->target, strlen(l->target), 0,
			STREAM_XPORT_CLIENT | STREAM_XPORT_CONNECT, persistent_id(c), &tv, NULL, &errstr, &errcode);
	}

	if (!l->stream) {
		if (errcode == ETIMEDOUT) {
			redislock_conn_set_error(c, REDISLOCK_ERR_TIMEOUT, "connect to %s timed out after %.3f s (connect_timeout %g s)",
				l->endpoint, redislock_now() - start, c->cfg.connect_timeout);
		} else {
			redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "connect to %s failed: %s (connect_timeout %g s)",
				l->endpoint, errstr ? ZSTR_VAL(errstr) : "unknown error", c->cfg.connect_timeout);
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
	l->stream->flags |= PHP_STREAM_FLAG_SUPPRESS_ERRORS;
	php_stream_set_option(l->stream, PHP_STREAM_OPTION_READ_BUFFER, PHP_STREAM_BUFFER_NONE, NULL);
	if (l->host[0]) {
		php_socket_t fd;
		if (php_stream_cast(l->stream, PHP_STREAM_AS_SOCKETD, (void **) &fd, 0) == SUCCESS) {
			int one = 1;
			/* Each command is written whole; Nagle would only add latency. */
			setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, (char *) &one, sizeof(one));
		}
	}
	set_stream_timeout(c, c->cfg.read_timeout);
	l->reader = redisReaderCreate();
	l->pid = getpid();
	return l->handshake ? handshake(c) : SUCCESS;
}

/* Checked before every call, while nothing has been sent yet: the server may have
 * closed an idle connection (CLIENT KILL, its timeout setting, a restart). Finding
 * out now lets the call reconnect transparently; finding out after sending would
 * leave it unknown whether the command ran. A plain TCP link with bytes waiting
 * that nobody asked for is not in a state to trust either. Over TLS, waiting bytes
 * are normal (session tickets), so only a closed socket counts. One non-blocking
 * syscall. */
static bool link_still_good(redislock_link *l)
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
		return l->tls;
	}
	return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

/* Whether c->link may be used as it is: connected, in this process, healthy.
 * Closes it when it may not. */
static bool link_usable(redislock_conn *c)
{
	redislock_link *l = c->link;
	if (l->stream && l->pid != getpid()) {
		/* A forked child must never speak on its parent's socket: both would read
		 * each other's replies. It lets go of its copy (see detach_from_parent)
		 * and reconnects. */
		link_close(l);
	}
	if (l->stream && l->pending == 0 && !link_still_good(l)) {
		link_close(l);
	}
	return l->stream != NULL;
}

static zend_result connect_refused_at_shutdown(redislock_conn *c)
{
	redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "connect to %s refused: the request is shutting down", c->link->endpoint);
	return FAILURE;
}

/* ---- sentinel -------------------------------------------------------------- */

/* Asks one sentinel for the master's address. 1: found (host and port filled),
 * 0: this sentinel does not know the service, -1: it could not be asked (the
 * reason is in c->errstr). */
static int sentinel_ask(redislock_conn *c, const redislock_addr *sentinel, char *host, size_t host_size, zend_long *port)
{
	redislock_link *master = c->link, *probe = link_new(false);
	redislock_argv cmd;
	redisReply *reply = NULL;
	int found = -1;

	link_target(probe, ZSTR_VAL(sentinel->host), sentinel->port, NULL, false);
	probe->handshake = false;
	c->link = probe;
	redislock_argv_init(&cmd);
	redislock_argv_push(&cmd, "SENTINEL", 8);
	redislock_argv_push(&cmd, "get-master-addr-by-name", sizeof("get-master-addr-by-name") - 1);
	redislock_argv_push_str(&cmd, c->cfg.service);
	if (connect_stream(c) == SUCCESS && setup_commands(c, &cmd, 1, &reply) == SUCCESS) {
		if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2
				&& reply->element[0]->type == REDIS_REPLY_STRING && reply->element[1]->type == REDIS_REPLY_STRING
				&& reply->element[0]->len > 0 && reply->element[0]->len < host_size) {
			zend_long number = ZEND_STRTOL(reply->element[1]->str, NULL, 10);
			memcpy(host, reply->element[0]->str, reply->element[0]->len);
			host[reply->element[0]->len] = '\0';
			*port = number;
			found = number > 0 && number <= 65535 ? 1 : -1;
			if (found < 0) {
				redislock_conn_set_error(c, REDISLOCK_ERR_PROTOCOL, "sentinel %s named an invalid port", probe->endpoint);
			}
		} else if (reply->type == REDIS_REPLY_NIL) {
			found = 0;
		} else {
			redislock_conn_set_error(c, REDISLOCK_ERR_PROTOCOL, "sentinel %s gave an unexpected reply (RESP type %d)", probe->endpoint, reply->type);
		}
		freeReplyObject(reply);
	}
	redislock_argv_free(&cmd);
	link_free(probe);
	c->link = master;
	return found;
}

/* Whether the server on c->link is a master right now (ROLE). During a failover a
 * sentinel may still name the old master for a moment. */
static zend_result check_master(redislock_conn *c)
{
	redislock_argv cmd;
	redisReply *reply;
	zend_result result;

	redislock_argv_init(&cmd);
	redislock_argv_push(&cmd, "ROLE", 4);
	result = setup_commands(c, &cmd, 1, &reply);
	redislock_argv_free(&cmd);
	if (result == FAILURE) {
		return FAILURE;
	}
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements < 1 || reply->element[0]->type != REDIS_REPLY_STRING
			|| reply->element[0]->len != 6 || memcmp(reply->element[0]->str, "master", 6) != 0) {
		redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "%s, named master of \"%s\" by the sentinels, is not a master (a failover is under way)",
			c->link->endpoint, ZSTR_VAL(c->cfg.service));
		result = FAILURE;
		link_close(c->link);
	}
	freeReplyObject(reply);
	return result;
}

/* Asks the sentinels in turn, the one that answered last first, until one names
 * the master. Records in tried (when given) what each one asked said, and in
 * *unknown whether one did not know the service. */
static bool sentinel_lookup(redislock_conn *c, char *host, size_t host_size, zend_long *port,
	smart_str *tried, bool *unknown)
{
	uint32_t n = c->cfg.seed_count;

	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = (c->sentinel_first + k) % n;
		int found = sentinel_ask(c, &c->cfg.seeds[i], host, host_size, port);
		if (found == 1) {
			c->sentinel_first = i;
			return true;
		}
		if (found == 0 && unknown) {
			*unknown = true;
		}
		if (tried) {
			zend_string *addr = redislock_addr_string(c->cfg.seeds[i].host, c->cfg.seeds[i].port);
			if (tried->s) {
				smart_str_appends(tried, "; ");
			}
			smart_str_append(tried, addr);
			smart_str_appends(tried, ": ");
			smart_str_appends(tried, found == 0 ? "does not know the service" : c->errstr);
			zend_string_release(addr);
		}
	}
	return false;
}

/* Finds the master through any reachable sentinel and connects to it. While a
 * failover is settling, asks again for up to connect_timeout + read_timeout. */
static zend_result sentinel_connect(redislock_conn *c)
{
	double give_up = redislock_now() + c->cfg.connect_timeout + c->cfg.read_timeout;

	for (;;) {
		smart_str tried = {0};
		bool unknown = false;
		char host[256];
		zend_long port;

		if (sentinel_lookup(c, host, sizeof(host), &port, &tried, &unknown)) {
			smart_str_free(&tried);
			link_target(c->link, host, port, NULL, c->cfg.tls != NULL);
			if (connect_stream(c) == SUCCESS && check_master(c) == SUCCESS) {
				c->master_checked = redislock_now();
				return SUCCESS;
			}
		} else {
			/* No sentinel named a master: say what each of them answered. */
			smart_str_0(&tried);
			redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "no sentinel named a master for \"%s\"%s (%.*s)",
				ZSTR_VAL(c->cfg.service), unknown ? ", the service is unknown" : "",
				tried.s ? (int) MIN(ZSTR_LEN(tried.s), 300) : 0, tried.s ? ZSTR_VAL(tried.s) : "");
			smart_str_free(&tried);
			if (unknown) {
				return FAILURE;
			}
		}
		if (redislock_now() + 0.05 > give_up) {
			return FAILURE;
		}
		usleep(50000);
	}
}

/* A demoted master goes on accepting writes until Sentinel reconfigures it, which
 * may take seconds after the failover. So a connection in use asks a sentinel at
 * most once a second whether its server is still the master, and moves when not.
 * Sentinels that cannot be reached leave the connection as it is. */
#define REDISLOCK_SENTINEL_RECHECK 1.0

static bool sentinel_still_master(redislock_conn *c)
{
	char saved[sizeof(c->errstr)], host[256];
	redislock_error saved_err = c->err;
	zend_long port;
	bool named;

	strlcpy(saved, c->errstr, sizeof(saved));
	c->master_checked = redislock_now();
	named = sentinel_lookup(c, host, sizeof(host), &port, NULL, NULL);
	strlcpy(c->errstr, saved, sizeof(c->errstr));
	c->err = saved_err;
	return !named || (port == c->link->port && strcmp(host, c->link->host) == 0);
}

/* ---- cluster --------------------------------------------------------------- */

#define REDISLOCK_SLOTS 16384

/* The cluster slot of a command: of its first key, or -1 for a keyless command. */
static int command_slot(const redislock_argv *a)
{
	int key = 1;
	if ((a->lens[0] == 7 && strncasecmp(a->argv[0], "EVALSHA", 7) == 0)
			|| (a->lens[0] == 4 && strncasecmp(a->argv[0], "EVAL", 4) == 0)) {
		if (a->argc < 4 || (a->lens[2] == 1 && a->argv[2][0] == '0')) {
			return -1;
		}
		key = 3;
	}
	if (a->argc <= key) {
		return -1;
	}
	return (int) redislock_key_slot(a->argv[key], a->lens[key]);
}

/* Loads the slot map (CLUSTER SLOTS) from the first node that answers. */
static zend_result cluster_load_slots(redislock_conn *c)
{
	redislock_argv cmd;
	zend_result result = FAILURE;
	smart_str tried = {0};

	if (!c->slot_owner) {
		c->slot_owner = ecalloc(REDISLOCK_SLOTS, sizeof(*c->slot_owner));
	}
	redislock_argv_init(&cmd);
	redislock_argv_push(&cmd, "CLUSTER", 7);
	redislock_argv_push(&cmd, "SLOTS", 5);
	/* Nodes met so far first (the seeds are among them), in order. */
	for (uint32_t i = 0; i < c->node_count && result == FAILURE; i++) {
		redisReply *reply;
		redislock_link *node = c->nodes[i];
		c->link = node;
		if (!link_usable(c) && (c->shut_down || connect_stream(c) == FAILURE)) {
			if (c->shut_down) {
				connect_refused_at_shutdown(c);
			}
			goto next;
		}
		if (setup_commands(c, &cmd, 1, &reply) == FAILURE) {
			goto next;
		}
		if (reply->type != REDIS_REPLY_ARRAY || reply->elements == 0) {
			redislock_conn_set_error(c, REDISLOCK_ERR_PROTOCOL, "CLUSTER SLOTS on %s gave no slot ranges", node->endpoint);
			freeReplyObject(reply);
			goto next;
		}
		memset(c->slot_owner, 0, REDISLOCK_SLOTS * sizeof(*c->slot_owner));
		for (size_t r = 0; r < reply->elements; r++) {
			redisReply *range = reply->element[r], *master;
			char host[256];
			long long from, to;
			uint32_t owner;
			if (range->type != REDIS_REPLY_ARRAY || range->elements < 3
					|| range->element[0]->type != REDIS_REPLY_INTEGER || range->element[1]->type != REDIS_REPLY_INTEGER
					|| range->element[2]->type != REDIS_REPLY_ARRAY || range->element[2]->elements < 2
					|| range->element[2]->element[0]->type != REDIS_REPLY_STRING
					|| range->element[2]->element[1]->type != REDIS_REPLY_INTEGER) {
				continue;
			}
			from = range->element[0]->integer;
			to = range->element[1]->integer;
			master = range->element[2];
			if (from < 0 || to >= REDISLOCK_SLOTS || from > to || master->element[0]->len >= sizeof(host)) {
				continue;
			}
			if (master->element[0]->len == 0) {
				/* The node does not know its own address: it is the one we asked. */
				strlcpy(host, node->host, sizeof(host));
			} else {
				memcpy(host, master->element[0]->str, master->element[0]->len);
				host[master->element[0]->len] = '\0';
			}
			owner = cluster_node(c, host, (zend_long) master->element[1]->integer);
			for (long long slot = from; slot <= to; slot++) {
				c->slot_owner[slot] = (uint16_t) (owner + 1);
			}
		}
		freeReplyObject(reply);
		c->slots_stale = false;
		result = SUCCESS;
		break;
next:
		if (tried.s) {
			smart_str_appends(&tried, "; ");
		}
		smart_str_appends(&tried, c->errstr);
	}
	redislock_argv_free(&cmd);
	if (result == FAILURE) {
		smart_str_0(&tried);
		redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "no node of the cluster gave its slot map (%.*s)",
			tried.s ? (int) MIN(ZSTR_LEN(tried.s), 300) : 0, tried.s ? ZSTR_VAL(tried.s) : "");
	}
	smart_str_free(&tried);
	return result;
}

/* Points c->link at the node serving slot (any node for -1), loading the map
 * when it is stale or does not cover the slot. */
static zend_result cluster_route(redislock_conn *c, int slot)
{
	if (c->slots_stale || !c->slot_owner || (slot >= 0 && c->slot_owner[slot] == 0)) {
		if (cluster_load_slots(c) == FAILURE) {
			return FAILURE;
		}
	}
	if (slot < 0) {
		return SUCCESS;
	}
	if (c->slot_owner[slot] == 0) {
		redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "no node of the cluster serves slot %d (CLUSTERDOWN)", slot);
		return FAILURE;
	}
	c->link = c->nodes[c->slot_owner[slot] - 1];
	return SUCCESS;
}

/* ---- sending ------------------------------------------------------------------ */

/* Connects c->link (already chosen) if needed. */
static zend_result ensure_current(redislock_conn *c)
{
	if (link_usable(c)) {
		if (c->cfg.mode != REDISLOCK_MODE_SENTINEL || redislock_now() - c->master_checked < REDISLOCK_SENTINEL_RECHECK
				|| sentinel_still_master(c)) {
			return SUCCESS;
		}
		link_close(c->link);
	}
	if (c->shut_down) {
		return connect_refused_at_shutdown(c);
	}
	c->err = REDISLOCK_OK;
	if (c->cfg.mode == REDISLOCK_MODE_SENTINEL) {
		return sentinel_connect(c);
	}
	return connect_stream(c);
}

static zend_result ensure_slot(redislock_conn *c, int slot)
{
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER) {
		if (c->shut_down) {
			return connect_refused_at_shutdown(c);
		}
		if (cluster_route(c, slot) == FAILURE) {
			return FAILURE;
		}
		if (ensure_current(c) == FAILURE) {
			/* The node may have failed over: one more try with a fresh map. */
			redislock_link *failed = c->link;
			char reason[sizeof(c->errstr)];
			strlcpy(reason, c->errstr, sizeof(reason));
			c->slots_stale = true;
			if (cluster_route(c, slot) == FAILURE || c->link == failed) {
				redislock_conn_set_error(c, c->err == REDISLOCK_OK ? REDISLOCK_ERR_CONNECT : c->err, "%s", reason);
				c->link = failed;
				return FAILURE;
			}
			return ensure_current(c);
		}
		return SUCCESS;
	}
	return ensure_current(c);
}

zend_result redislock_conn_ensure(redislock_conn *c)
{
	return ensure_slot(c, -1);
}

zend_result redislock_conn_ensure_for(redislock_conn *c, const redislock_argv *a)
{
	return ensure_slot(c, c->cfg.mode == REDISLOCK_MODE_CLUSTER ? command_slot(a) : -1);
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
			redislock_conn_set_error(c, REDISLOCK_ERR_IO, "out of memory formatting %.*s", (int) a->lens[0], a->argv[0]);
			return FAILURE;
		}
		sdsfree(c->link->out);
		c->link->out = cmd;
	} else {
		sds cmd = NULL;
		if (redisFormatSdsCommandArgv(&cmd, a->argc, a->argv, a->lens) < 0) {
			redislock_conn_set_error(c, REDISLOCK_ERR_IO, "out of memory formatting %.*s", (int) a->lens[0], a->argv[0]);
			return FAILURE;
		}
		c->link->out = sdscatsds(c->link->out, cmd);
		sdsfree(cmd);
	}
	c->link->pending++;
	return SUCCESS;
}

void redislock_conn_append_raw(redislock_conn *c, const char *commands, size_t len, int count)
{
	c->link->out = sdscatlen(c->link->out, commands, len);
	c->link->pending += count;
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
	tls_quiet_begin(c->link->tls, &quiet);
	written = php_stream_write(c->link->stream, c->link->out, len);
	said = tls_quiet_end(&quiet);
	sdsclear(c->link->out);
	if (written < 0 || (size_t) written != len) {
		redislock_conn_set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: could not send the command: %s",
			c->op_name, c->link->endpoint, elapsed(c),
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
			redislock_conn_set_error(c, REDISLOCK_ERR_PROTOCOL, "%s on %s failed: protocol error: %s",
				c->op_name, c->link->endpoint, c->link->reader->errstr);
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
		tls_quiet_begin(c->link->tls, &quiet);
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
			redislock_conn_set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: %s",
				c->op_name, c->link->endpoint, elapsed(c), ZSTR_VAL(said));
			zend_string_release(said);
			redislock_conn_close(c);
			return FAILURE;
		}
		if (c->link->stream->eof) {
			redislock_conn_set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: connection closed by the server",
				c->op_name, c->link->endpoint, elapsed(c));
			redislock_conn_close(c);
			return FAILURE;
		}
		if (n < 0 && errno != 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ETIMEDOUT) {
			redislock_conn_set_error(c, REDISLOCK_ERR_IO, "%s on %s failed after %.3f s: %s",
				c->op_name, c->link->endpoint, elapsed(c), strerror(errno));
			redislock_conn_close(c);
			return FAILURE;
		}
	}
	redislock_conn_set_error(c, REDISLOCK_ERR_TIMEOUT, "%s on %s timed out after %.3f s waiting for the reply",
		c->op_name, c->link->endpoint, elapsed(c));
	redislock_conn_close(c);
	return FAILURE;
}

/* ---- redirections --------------------------------------------------------- */

#define REDISLOCK_MAX_REDIRECTS 16

static bool reply_starts(const redisReply *reply, const char *word)
{
	size_t len = strlen(word);
	return reply->len >= len && memcmp(reply->str, word, len) == 0
		&& (reply->len == len || reply->str[len] == ' ');
}

/* "MOVED 3999 127.0.0.1:6381": the slot and the node's link. NULL if malformed. */
static redislock_link *redirect_target(redislock_conn *c, const redisReply *reply, int *slot)
{
	const char *p = reply->str, *end = reply->str + reply->len, *addr, *colon;
	char host[256];
	zend_long port;
	size_t host_len;

	p = memchr(p, ' ', end - p);
	if (!p) {
		return NULL;
	}
	*slot = (int) ZEND_STRTOL(p + 1, NULL, 10);
	addr = memchr(p + 1, ' ', end - p - 1);
	if (!addr || *slot < 0 || *slot >= REDISLOCK_SLOTS) {
		return NULL;
	}
	addr++;
	colon = zend_memrchr(addr, ':', end - addr);
	if (!colon || colon + 1 >= end) {
		return NULL;
	}
	port = ZEND_STRTOL(colon + 1, NULL, 10);
	host_len = colon - addr;
	if (host_len > 1 && addr[0] == '[' && colon[-1] == ']') {
		addr++;
		host_len -= 2;
	}
	if (host_len >= sizeof(host) || port <= 0 || port > 65535) {
		return NULL;
	}
	if (host_len == 0) {
		/* An unknown address means the address we reached the cluster by. */
		strlcpy(host, c->link->host, sizeof(host));
	} else {
		memcpy(host, addr, host_len);
		host[host_len] = '\0';
	}
	return c->nodes[cluster_node(c, host, port)];
}

/* Sleeps before a retry: 10, 20, 40 ... 160 ms, never past the deadline. False
 * when the deadline leaves no room. */
static bool backoff(int attempt, double deadline)
{
	double wait = 0.01 * (double) (1 << MIN(attempt, 4));
	if (redislock_now() + wait >= deadline) {
		return false;
	}
	usleep((useconds_t) (wait * 1000000.0));
	return true;
}

zend_result redislock_conn_exec(redislock_conn *c, redislock_argv *a, double timeout,
	redislock_rewrite_fn rewrite, const void *arg, redisReply **reply)
{
	redislock_link *ask = NULL;
	bool same_node = false;
	double deadline = 0;

	*reply = NULL;
	for (int attempt = 0;; attempt++) {
		redisReply *r = NULL;

		if (!same_node) {
			if (ask) {
				c->link = ask;
				if (ensure_current(c) == FAILURE) {
					return FAILURE;
				}
			} else if (redislock_conn_ensure_for(c, a) == FAILURE) {
				return FAILURE;
			}
		}
		same_node = false;
		if (attempt == 0) {
			deadline = redislock_now() + timeout;
		}
		if (ask) {
			redislock_argv asking;
			redislock_argv_init(&asking);
			redislock_argv_push(&asking, "ASKING", 6);
			redislock_conn_append(c, &asking);
		}
		if (redislock_conn_append(c, a) == FAILURE || redislock_conn_flush(c) == FAILURE) {
			return FAILURE;
		}
		if (ask) {
			if (redislock_conn_read(c, deadline, &r) == FAILURE) {
				return FAILURE;
			}
			freeReplyObject(r);
		}
		if (redislock_conn_read(c, deadline, &r) == FAILURE) {
			return FAILURE;
		}
		if (r->type != REDIS_REPLY_ERROR || attempt + 1 >= REDISLOCK_MAX_REDIRECTS) {
			*reply = r;
			return SUCCESS;
		}
		if (rewrite && rewrite(r, a, arg)) {
			/* Same server, same ASKING state. */
			freeReplyObject(r);
			same_node = true;
			continue;
		}
		if (c->cfg.mode == REDISLOCK_MODE_CLUSTER && (reply_starts(r, "MOVED") || reply_starts(r, "ASK"))) {
			int slot;
			redislock_link *target = redirect_target(c, r, &slot);
			if (!target) {
				*reply = r;
				return SUCCESS;
			}
			if (reply_starts(r, "MOVED")) {
				/* The slot has a new owner for good; so may its neighbours. */
				uint32_t owner = 0;
				while (c->nodes[owner] != target) {
					owner++;
				}
				c->slot_owner[slot] = (uint16_t) (owner + 1);
				ask = NULL;
			} else {
				ask = target;
			}
			freeReplyObject(r);
			continue;
		}
		if (c->cfg.mode == REDISLOCK_MODE_CLUSTER && (reply_starts(r, "TRYAGAIN") || reply_starts(r, "CLUSTERDOWN"))) {
			/* A slot in migration with keys on both sides, or a failover under way. */
			if (!backoff(attempt, deadline)) {
				*reply = r;
				return SUCCESS;
			}
			if (reply_starts(r, "CLUSTERDOWN")) {
				c->slots_stale = true;
			}
			ask = NULL;
			freeReplyObject(r);
			continue;
		}
		if (c->cfg.mode == REDISLOCK_MODE_SENTINEL && reply_starts(r, "READONLY")) {
			/* The master we knew is a replica now: ask the sentinels again. */
			link_close(c->link);
			if (!backoff(attempt, deadline)) {
				*reply = r;
				return SUCCESS;
			}
			freeReplyObject(r);
			continue;
		}
		*reply = r;
		return SUCCESS;
	}
}

zend_result redislock_conn_call_timeout(redislock_conn *c, const redislock_argv *a, double timeout, redisReply **reply)
{
	char name[32];
	snprintf(name, sizeof(name), "%.*s", (int) MIN(a->lens[0], sizeof(name) - 1), a->argv[0]);
	redislock_conn_begin(c, name);
	return redislock_conn_exec(c, (redislock_argv *) a, timeout, NULL, NULL, reply);
}

zend_result redislock_conn_call(redislock_conn *c, const redislock_argv *a, redisReply **reply)
{
	return redislock_conn_call_timeout(c, a, c->cfg.read_timeout, reply);
}
