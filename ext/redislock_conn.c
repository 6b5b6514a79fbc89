/* The connection: which link each command takes, and what to do when a link fails
 * or a server redirects. A link is opened lazily on the first command and closed
 * on any error: a socket left with an unread reply would hand the next command the
 * previous command's answer, which for a lock means believing in a lock we lack.
 *
 * Links are the extension's own (malloc'd, closed by us): per-object links close
 * when the object goes or the request ends, persistent ones when the process ends.
 * PHP never frees a socket of ours behind our back. */
#include "redislock_conn.h"
#include "redislock_globals.h"
#include "redislock_exceptions.h"
#include "redislock_sentinel.h"
#include "redislock_cluster.h"
#include "zend_smart_str.h"
#include "ext/standard/sha1.h"
#include "ext/standard/md5.h"
#include <unistd.h>

struct _redislock_conn {
	redislock_config cfg;
	redislock_tls_settings tls;     /* cfg's TLS options as C strings (they point into cfg) */
	redislock_link *link;           /* the link of the current command */
	double op_start;                /* when the current call began, for messages */
	char op_name[32];               /* what it does, for messages ("SET", "unlock script") */
	bool shut_down;                 /* request shutdown closed it: never reconnect */
	bool sent;                      /* the current call wrote something to a server */
	double flush_start;             /* when the last flush of commands began */
	const redislock_interrupt *interrupt; /* what may end the current wait for a reply, or NULL */

	/* Sentinel: the master is looked up when the link (re)connects. */
	uint32_t sentinel_first;        /* the sentinel that answered last, asked first */
	double master_checked;          /* when a sentinel last confirmed the master */

	/* Cluster: every master met so far, and which of them serves each slot. */
	redislock_link **nodes;
	uint32_t node_count;
	uint32_t node_capacity;
	uint16_t *slot_owner;           /* REDISLOCK_SLOTS entries: node index + 1, or 0 */
	bool slots_stale;               /* reload the slot map before the next command */

	redislock_status st;

	void (*on_shutdown)(void *owner);
	void *owner;
	struct _redislock_conn *prev, *next;
};

/* ---- registry of the request's connections ----------------------------------- */

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

/* ---- errors -------------------------------------------------------------------- */

void redislock_conn_set_error(redislock_conn *c, redislock_error kind, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(c->st.message, sizeof(c->st.message), format, args);
	va_end(args);
	c->st.kind = kind;
	c->st.sys_errno = 0;
}

const redislock_status *redislock_conn_status(const redislock_conn *c)
{
	return &c->st;
}

static double elapsed(const redislock_conn *c)
{
	return redislock_now() - c->op_start;
}

void redislock_conn_throw(const redislock_conn *c)
{
	redislock_throw_status(&c->st);
}

void redislock_conn_set_reply_error(redislock_conn *c, const redisReply *reply)
{
	/* Redis refuses a long command from a client that has not authenticated with a
	 * protocol error rather than NOAUTH; say what it means. */
	bool needs_auth = (reply->len >= 6 && memcmp(reply->str, "NOAUTH", 6) == 0)
		|| zend_memnstr(reply->str, "unauthenticated", sizeof("unauthenticated") - 1, reply->str + reply->len);
	redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "%s on %s failed after %.3f s: %.*s%s",
		c->op_name, c->link->endpoint, elapsed(c), (int) MIN(reply->len, 512), reply->str,
		needs_auth ? " (the server requires authentication: give a password in the DSN or the password option)" : "");
}

void redislock_conn_set_unexpected(redislock_conn *c, const redisReply *reply)
{
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_reply_error(c, reply);
		return;
	}
	redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "%s on %s returned an unexpected reply (RESP type %d)",
		c->op_name, c->link->endpoint, reply->type);
}

/* A link failed mid-call and left its cause in the status: put the call's name,
 * server and duration in front of it. */
static zend_result call_failed(redislock_conn *c)
{
	char cause[REDISLOCK_STATUS_LEN];
	snprintf(cause, sizeof(cause), "%s", c->st.message);
	if (c->st.kind == REDISLOCK_ERR_TIMEOUT) {
		snprintf(c->st.message, sizeof(c->st.message), "%s on %s timed out after %.3f s %s",
			c->op_name, c->link->endpoint, elapsed(c), cause);
	} else {
		snprintf(c->st.message, sizeof(c->st.message), "%s on %s failed after %.3f s: %s",
			c->op_name, c->link->endpoint, elapsed(c), cause);
	}
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER) {
		/* The node may be gone for good (a failover): ask for the map again. */
		c->slots_stale = true;
	}
	return FAILURE;
}

/* ---- links ---------------------------------------------------------------------- */

static redislock_link *new_link(bool persistent)
{
	redislock_link *l = redislock_link_new(persistent);
	if (!l) {
		zend_error_noreturn(E_ERROR, "redislock: out of memory for a connection");
	}
	return l;
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
		l = new_link(true);
		zend_hash_str_add_ptr(&REDISLOCK_G(links), key, strlen(key), l);
	}
	return l;
}

void redislock_links_free(HashTable *links)
{
	redislock_link *l;
	ZEND_HASH_FOREACH_PTR(links, l) {
		redislock_link_free(l);
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
		redislock_link_format_endpoint(node, sizeof(node), host, (long) port, socket);
		l = persistent_link(&c->cfg, c->cfg.mode == REDISLOCK_MODE_CLUSTER ? node : ZSTR_VAL(c->cfg.endpoint));
		if (redislock_link_is_open(l)) {
			return l;
		}
	} else {
		l = new_link(false);
	}
	redislock_link_target(l, host, (long) port, socket, c->cfg.tls != NULL);
	return l;
}

static void release_link(redislock_link *l)
{
	if (!l->persistent) {
		redislock_link_free(l);
	}
}

/* Cluster: the number of the node at host:port, added if it is new. */
static uint32_t cluster_node(void *ctx, const char *host, long port)
{
	redislock_conn *c = ctx;
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

static const char *tls_string(const redislock_config *cfg, const char *name)
{
	zval *value = zend_hash_str_find(cfg->tls, name, strlen(name));
	return value && Z_TYPE_P(value) == IS_STRING ? Z_STRVAL_P(value) : NULL;
}

static bool tls_flag(const redislock_config *cfg, const char *name)
{
	zval *value = zend_hash_str_find(cfg->tls, name, strlen(name));
	return !value || Z_TYPE_P(value) != IS_FALSE;
}

redislock_conn *redislock_conn_create(redislock_config *cfg)
{
	redislock_conn *c = ecalloc(1, sizeof(*c));
	c->cfg = *cfg;
	memset(cfg, 0, sizeof(*cfg));
	if (c->cfg.tls) {
		c->tls.cafile = tls_string(&c->cfg, "cafile");
		c->tls.capath = tls_string(&c->cfg, "capath");
		c->tls.local_cert = tls_string(&c->cfg, "local_cert");
		c->tls.local_pk = tls_string(&c->cfg, "local_pk");
		c->tls.peer_name = tls_string(&c->cfg, "peer_name");
		c->tls.verify_peer = tls_flag(&c->cfg, "verify_peer");
		c->tls.verify_peer_name = tls_flag(&c->cfg, "verify_peer_name");
	}
	switch (c->cfg.mode) {
		case REDISLOCK_MODE_CLUSTER:
			for (uint32_t i = 0; i < c->cfg.seed_count; i++) {
				cluster_node(c, ZSTR_VAL(c->cfg.seeds[i].host), (long) c->cfg.seeds[i].port);
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

/* Every link of the connection: one, or a cluster's nodes. */
#define FOREACH_LINK(c, l) \
	for (uint32_t _i = 0, _n = (c)->cfg.mode == REDISLOCK_MODE_CLUSTER ? (c)->node_count : 1; _i < _n; _i++) \
		if (((l) = (c)->cfg.mode == REDISLOCK_MODE_CLUSTER ? (c)->nodes[_i] : (c)->link) != NULL)

void redislock_conn_destroy(redislock_conn *c)
{
	redislock_link *l;
	FOREACH_LINK(c, l) {
		release_link(l);
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

const redislock_config *redislock_conn_config(const redislock_conn *c)
{
	return &c->cfg;
}

void redislock_conn_on_shutdown(redislock_conn *c, void (*fn)(void *owner), void *owner)
{
	c->on_shutdown = fn;
	c->owner = owner;
}

bool redislock_conn_connected(const redislock_conn *c)
{
	redislock_link *l;
	FOREACH_LINK(c, l) {
		if (redislock_link_is_open(l)) {
			return true;
		}
	}
	return false;
}

const char *redislock_conn_endpoint(const redislock_conn *c)
{
	return c->link->endpoint;
}

void redislock_conn_close(redislock_conn *c)
{
	redislock_link_close(c->link);
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER) {
		c->slots_stale = true;
	}
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
				redislock_link_close(l);
			}
		}
		c->shut_down = true;
		c->prev = c->next = NULL;
		c = next;
	}
	REDISLOCK_G(live_conns) = NULL;
}

/* ---- connecting ------------------------------------------------------------------ */

/* The library's version, sent to the server as CLIENT SETINFO lib-ver (set by
 * the module at startup, before any thread of the extension's own runs). */
static const char *lib_version = "0";

void redislock_conn_set_lib_version(const char *version)
{
	lib_version = version;
}

const redislock_server *redislock_conn_server(const redislock_conn *c)
{
	return &c->link->server;
}

/* Every link of a connection probes its server and names the library to it as
 * it connects (redislock_link.h): in the round trip of AUTH and SELECT, or in
 * the write of the first command. */
static void link_options(const redislock_conn *c, redislock_link_options *o)
{
	memset(o, 0, sizeof(*o));
	o->tls = c->cfg.tls ? &c->tls : NULL;
	if (c->cfg.password) {
		o->password = ZSTR_VAL(c->cfg.password);
		o->password_len = ZSTR_LEN(c->cfg.password);
		if (c->cfg.user) {
			o->user = ZSTR_VAL(c->cfg.user);
			o->user_len = ZSTR_LEN(c->cfg.user);
		}
	}
	o->database = c->cfg.database;
	o->connect_timeout = c->cfg.connect_timeout;
	o->read_timeout = c->cfg.read_timeout;
	o->probe = true;
	o->lib_ver = lib_version;
}

static zend_result open_current(redislock_conn *c)
{
	redislock_link_options o;
	link_options(c, &o);
	return redislock_link_open(c->link, &o, &c->st) ? SUCCESS : FAILURE;
}

static zend_result refused_at_shutdown(redislock_conn *c)
{
	redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "connect to %s refused: the request is shutting down", c->link->endpoint);
	return FAILURE;
}

/* Finds the master through any reachable sentinel and connects to it. While a
 * failover is settling, asks again for up to connect_timeout + read_timeout. */
static zend_result sentinel_connect(redislock_conn *c)
{
	double give_up = redislock_now() + c->cfg.connect_timeout + c->cfg.read_timeout;

	for (;;) {
		char host[256];
		long port;
		bool unknown;

		if (redislock_sentinel_lookup(&c->cfg, &c->sentinel_first, host, sizeof(host), &port, &unknown, &c->st)) {
			redislock_link_target(c->link, host, port, NULL, c->cfg.tls != NULL);
			if (open_current(c) == SUCCESS) {
				int master = redislock_sentinel_is_master(c->link, redislock_now() + c->cfg.read_timeout, &c->st);
				if (master == 1) {
					c->master_checked = redislock_now();
					return SUCCESS;
				}
				if (master == 0) {
					redislock_conn_set_error(c, REDISLOCK_ERR_CONNECT, "%s, named master of \"%s\" by the sentinels, is not a master (a failover is under way)",
						c->link->endpoint, ZSTR_VAL(c->cfg.service));
					redislock_link_close(c->link);
				}
			}
		} else if (unknown) {
			return FAILURE;
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
	redislock_status scratch = {0};
	char host[256];
	long port;
	bool unknown;

	c->master_checked = redislock_now();
	if (!redislock_sentinel_lookup(&c->cfg, &c->sentinel_first, host, sizeof(host), &port, &unknown, &scratch)) {
		return true;
	}
	return port == c->link->port && strcmp(host, c->link->host) == 0;
}

/* Whether a call may begin on c->link. A link still owed replies belongs to a call
 * that has not finished: one that a fatal error abandoned (then the link is
 * dropped), or one this call is nested inside, which must not read its replies. */
static bool may_begin(redislock_conn *c)
{
	redislock_link *l = c->link;
	if (l->pending == 0 || !redislock_link_is_open(l) || l->generation != redislock_fork_generation) {
		return true;
	}
	if (CG(unclean_shutdown)) {
		redislock_link_close(l);
		return true;
	}
	redislock_conn_set_error(c, REDISLOCK_ERR_REENTRY,
		"%s on %s refused: the object is in the middle of another call on this connection "
		"(called from an error handler, destructor or signal handler during it)", c->op_name, l->endpoint);
	return false;
}

/* Connects c->link (already chosen) if needed. */
static zend_result ensure_current(redislock_conn *c)
{
	if (!may_begin(c)) {
		return FAILURE;
	}
	if (redislock_link_usable(c->link)) {
		if (c->cfg.mode != REDISLOCK_MODE_SENTINEL || redislock_now() - c->master_checked < REDISLOCK_SENTINEL_RECHECK
				|| sentinel_still_master(c)) {
			return SUCCESS;
		}
		redislock_link_close(c->link);
	}
	if (c->shut_down) {
		return refused_at_shutdown(c);
	}
	redislock_status_clear(&c->st);
	if (c->cfg.mode == REDISLOCK_MODE_SENTINEL) {
		return sentinel_connect(c);
	}
	return open_current(c);
}

/* ---- cluster ----------------------------------------------------------------------- */

/* One command on c->link during setup, bounded by read_timeout; an error reply
 * fails it. */
static zend_result setup_command(redislock_conn *c, int argc, const char *const *argv, const size_t *lens, redisReply **reply)
{
	double deadline = redislock_now() + c->cfg.read_timeout;
	if (!redislock_link_append(c->link, argc, argv, lens) || !redislock_link_flush(c->link, deadline, &c->st)
			|| !redislock_link_read(c->link, deadline, reply, &c->st)) {
		snprintf(c->op_name, sizeof(c->op_name), "%.*s", (int) MIN(lens[0], sizeof(c->op_name) - 1), argv[0]);
		return call_failed(c);
	}
	if ((*reply)->type == REDIS_REPLY_ERROR) {
		redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "%.*s on %s failed: %.*s", (int) lens[0], argv[0],
			c->link->endpoint, (int) MIN((*reply)->len, 256), (*reply)->str);
		freeReplyObject(*reply);
		redislock_link_close(c->link);
		return FAILURE;
	}
	return SUCCESS;
}

/* Loads the slot map (CLUSTER SLOTS) from the first node that answers. */
static zend_result cluster_load_slots(redislock_conn *c)
{
	static const char *argv[2] = {"CLUSTER", "SLOTS"};
	static const size_t lens[2] = {7, 5};
	char saved_name[sizeof(c->op_name)];
	smart_str tried = {0};
	zend_result result = FAILURE;

	if (!c->slot_owner) {
		c->slot_owner = ecalloc(REDISLOCK_SLOTS, sizeof(*c->slot_owner));
	}
	memcpy(saved_name, c->op_name, sizeof(saved_name));
	/* Nodes met so far first (the seeds are among them), in order. */
	for (uint32_t i = 0; i < c->node_count && result == FAILURE; i++) {
		redisReply *reply;
		c->link = c->nodes[i];
		if (ensure_current(c) == FAILURE) {
			if (c->st.kind == REDISLOCK_ERR_REENTRY) {
				break;
			}
		} else if (setup_command(c, 2, argv, lens, &reply) == SUCCESS) {
			if (redislock_cluster_apply_slots(c->slot_owner, reply, c->link->host, cluster_node, c)) {
				c->slots_stale = false;
				result = SUCCESS;
			} else {
				redislock_conn_set_error(c, REDISLOCK_ERR_PROTOCOL, "CLUSTER SLOTS on %s gave no slot ranges", c->link->endpoint);
			}
			freeReplyObject(reply);
		}
		if (result == FAILURE) {
			if (tried.s) {
				smart_str_appends(&tried, "; ");
			}
			smart_str_appends(&tried, c->st.message);
		}
	}
	memcpy(c->op_name, saved_name, sizeof(saved_name));
	if (result == FAILURE && c->st.kind != REDISLOCK_ERR_REENTRY) {
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

static zend_result ensure_slot(redislock_conn *c, int slot)
{
	redislock_link *failed;
	char reason[REDISLOCK_STATUS_LEN];
	redislock_error kind;

	if (c->cfg.mode != REDISLOCK_MODE_CLUSTER) {
		return ensure_current(c);
	}
	if (c->shut_down) {
		return refused_at_shutdown(c);
	}
	if (cluster_route(c, slot) == FAILURE) {
		return FAILURE;
	}
	if (ensure_current(c) == SUCCESS) {
		return SUCCESS;
	}
	if (c->st.kind == REDISLOCK_ERR_REENTRY) {
		return FAILURE;
	}
	/* The node may have failed over: one more try with a fresh map. */
	failed = c->link;
	kind = c->st.kind;
	snprintf(reason, sizeof(reason), "%s", c->st.message);
	c->slots_stale = true;
	if (cluster_route(c, slot) == FAILURE || c->link == failed) {
		redislock_conn_set_error(c, kind == REDISLOCK_OK ? REDISLOCK_ERR_CONNECT : kind, "%s", reason);
		c->link = failed;
		return FAILURE;
	}
	return ensure_current(c);
}

zend_result redislock_conn_ensure(redislock_conn *c)
{
	return ensure_slot(c, -1);
}

static zend_result ensure_for(redislock_conn *c, const redislock_argv *a)
{
	return ensure_slot(c, c->cfg.mode == REDISLOCK_MODE_CLUSTER ? redislock_cluster_command_slot(a->argc, a->argv, a->lens) : -1);
}

/* ---- sending ------------------------------------------------------------------------ */

void redislock_conn_begin(redislock_conn *c, const char *op_name)
{
	strlcpy(c->op_name, op_name, sizeof(c->op_name));
	c->op_start = redislock_now();
	c->sent = false;
}

bool redislock_conn_sent(const redislock_conn *c)
{
	return c->sent;
}

double redislock_conn_last_flush(const redislock_conn *c)
{
	return c->flush_start;
}

void redislock_conn_set_last_flush(redislock_conn *c, double when)
{
	c->flush_start = when;
}

zend_result redislock_conn_append(redislock_conn *c, const redislock_argv *a)
{
	if (!redislock_link_append(c->link, a->argc, a->argv, a->lens)) {
		redislock_conn_set_error(c, REDISLOCK_ERR_IO, "out of memory encoding %.*s", (int) MIN(a->lens[0], 32), a->argv[0]);
		return FAILURE;
	}
	return SUCCESS;
}

zend_result redislock_conn_append_raw(redislock_conn *c, const char *commands, size_t len, int count)
{
	if (!redislock_link_append_raw(c->link, commands, len, count)) {
		redislock_conn_set_error(c, REDISLOCK_ERR_IO, "out of memory queueing %s", c->op_name);
		return FAILURE;
	}
	return SUCCESS;
}

zend_result redislock_conn_flush(redislock_conn *c, double deadline)
{
	uint64_t before = c->link->written;
	bool flushed;

	c->flush_start = redislock_now();
	flushed = redislock_link_flush(c->link, deadline, &c->st);
	c->sent = c->sent || c->link->written != before;
	return flushed ? SUCCESS : call_failed(c);
}

zend_result redislock_conn_read(redislock_conn *c, double deadline, redisReply **reply)
{
	bool read;
	c->link->interrupt = c->interrupt;
	read = redislock_link_read(c->link, deadline, reply, &c->st);
	c->link->interrupt = NULL;
	return read ? SUCCESS : call_failed(c);
}

/* ---- redirections --------------------------------------------------------------------- */

#define REDISLOCK_MAX_REDIRECTS 16

/* The link of the node a redirection names; NULL if the reply is malformed. */
static redislock_link *redirect_target(redislock_conn *c, const redisReply *reply, int *slot)
{
	char host[256];
	long port;
	if (!redislock_cluster_redirect(reply, slot, host, sizeof(host), &port)) {
		return NULL;
	}
	if (!host[0]) {
		/* An unknown address means the address we reached the cluster by. */
		strlcpy(host, c->link->host, sizeof(host));
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

/* Points c at the link for a: the node an ASK named, else the one its slot (or
 * the mode) picks. */
static zend_result exec_link(redislock_conn *c, redislock_argv *a, redislock_link *ask)
{
	if (ask) {
		c->link = ask;
		return ensure_current(c);
	}
	return ensure_for(c, a);
}

/* Sends a on c's link, after ASKING when ask (the node a migrating slot goes to
 * answers for it only then), and reads its reply by the deadline. */
static zend_result exec_round(redislock_conn *c, redislock_argv *a, bool ask, double deadline, redisReply **r)
{
	static const char *asking_argv[1] = {"ASKING"};
	static const size_t asking_lens[1] = {6};

	if (ask && !redislock_link_append(c->link, 1, asking_argv, asking_lens)) {
		redislock_conn_set_error(c, REDISLOCK_ERR_IO, "out of memory encoding ASKING");
		return FAILURE;
	}
	if (redislock_conn_append(c, a) == FAILURE || redislock_conn_flush(c, deadline) == FAILURE) {
		return FAILURE;
	}
	if (ask) {
		redisReply *asking = NULL;
		if (redislock_conn_read(c, deadline, &asking) == FAILURE) {
			return FAILURE;
		}
		freeReplyObject(asking);
	}
	return redislock_conn_read(c, deadline, r);
}

/* After an error reply r: true to send the command again (on the node *ask
 * names, or by the slot map when it is NULL), false to answer r. */
static bool exec_again(redislock_conn *c, const redisReply *r, int attempt, double deadline, redislock_link **ask)
{
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER && (redislock_reply_starts(r, "MOVED") || redislock_reply_starts(r, "ASK"))) {
		int slot;
		redislock_link *target = redirect_target(c, r, &slot);
		if (!target) {
			return false;
		}
		if (redislock_reply_starts(r, "MOVED")) {
			/* The slot has a new owner for good; so may its neighbours. */
			uint32_t owner = 0;
			while (c->nodes[owner] != target) {
				owner++;
			}
			c->slot_owner[slot] = (uint16_t) (owner + 1);
			*ask = NULL;
		} else {
			*ask = target;
		}
		return true;
	}
	if (c->cfg.mode == REDISLOCK_MODE_CLUSTER && (redislock_reply_starts(r, "TRYAGAIN") || redislock_reply_starts(r, "CLUSTERDOWN"))) {
		/* A slot in migration with keys on both sides, or a failover under way. */
		if (!backoff(attempt, deadline)) {
			return false;
		}
		if (redislock_reply_starts(r, "CLUSTERDOWN")) {
			c->slots_stale = true;
		}
		*ask = NULL;
		return true;
	}
	if (c->cfg.mode == REDISLOCK_MODE_SENTINEL && redislock_reply_starts(r, "READONLY")) {
		/* The master we knew is a replica now: ask the sentinels again. */
		redislock_link_close(c->link);
		return backoff(attempt, deadline);
	}
	return false;
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

		if (!same_node && exec_link(c, a, ask) == FAILURE) {
			return FAILURE;
		}
		same_node = false;
		if (attempt == 0) {
			deadline = redislock_now() + timeout;
		}
		if (exec_round(c, a, ask != NULL, deadline, &r) == FAILURE) {
			return FAILURE;
		}
		if (r->type != REDIS_REPLY_ERROR || attempt + 1 >= REDISLOCK_MAX_REDIRECTS) {
			*reply = r;
			return SUCCESS;
		}
		if (rewrite && rewrite(r, a, arg)) {
			same_node = true;   /* same server, same ASKING state */
		} else if (!exec_again(c, r, attempt, deadline, &ask)) {
			*reply = r;
			return SUCCESS;
		}
		freeReplyObject(r);
	}
}

zend_result redislock_conn_call_timeout(redislock_conn *c, const redislock_argv *a, double timeout, redisReply **reply)
{
	char name[32];
	snprintf(name, sizeof(name), "%.*s", (int) MIN(a->lens[0], sizeof(name) - 1), a->argv[0]);
	redislock_conn_begin(c, name);
	return redislock_conn_exec(c, (redislock_argv *) a, timeout, NULL, NULL, reply);
}

zend_result redislock_conn_call_interruptible(redislock_conn *c, const redislock_argv *a, double timeout,
	const redislock_interrupt *intr, redisReply **reply)
{
	zend_result result;
	c->interrupt = intr;
	result = redislock_conn_call_timeout(c, a, timeout, reply);
	c->interrupt = NULL;
	return result;
}

zend_result redislock_conn_call(redislock_conn *c, const redislock_argv *a, redisReply **reply)
{
	return redislock_conn_call_timeout(c, a, c->cfg.read_timeout, reply);
}

/* ---- the watchdog's copy of the settings ------------------------------------------ */

redislock_wd_target *redislock_conn_watchdog_target(const redislock_conn *c)
{
	redislock_wd_settings s;
	redislock_wd_target *t;
	char **sentinels = NULL;

	memset(&s, 0, sizeof(s));
	s.tls = c->cfg.tls != NULL;
	s.tls_settings = c->tls;
	s.user = c->cfg.user ? ZSTR_VAL(c->cfg.user) : NULL;
	s.password = c->cfg.password ? ZSTR_VAL(c->cfg.password) : NULL;
	s.database = c->cfg.database;
	s.connect_timeout = c->cfg.connect_timeout;
	s.read_timeout = c->cfg.read_timeout;
	switch (c->cfg.mode) {
		case REDISLOCK_MODE_CLUSTER:
			/* The node it reached last; redirections lead on from there. */
			s.mode = REDISLOCK_WD_CLUSTER;
			s.host = c->link && c->link->host[0] ? c->link->host : ZSTR_VAL(c->cfg.seeds[0].host);
			s.port = c->link && c->link->host[0] ? c->link->port : (long) c->cfg.seeds[0].port;
			break;
		case REDISLOCK_MODE_SENTINEL:
			s.mode = REDISLOCK_WD_SENTINEL;
			sentinels = safe_emalloc(c->cfg.seed_count, sizeof(*sentinels), 0);
			for (uint32_t i = 0; i < c->cfg.seed_count; i++) {
				zend_string *addr = redislock_addr_string(c->cfg.seeds[i].host, c->cfg.seeds[i].port);
				sentinels[i] = estrndup(ZSTR_VAL(addr), ZSTR_LEN(addr));
				zend_string_release(addr);
			}
			s.sentinels = (const char *const *) sentinels;
			s.sentinel_count = c->cfg.seed_count;
			s.service = ZSTR_VAL(c->cfg.service);
			break;
		default:
			s.mode = REDISLOCK_WD_SINGLE;
			s.host = c->cfg.socket ? NULL : ZSTR_VAL(c->cfg.host);
			s.port = c->cfg.port;
			s.socket_path = c->cfg.socket ? ZSTR_VAL(c->cfg.socket) : NULL;
			break;
	}
	t = redislock_wd_target_new(&s);
	if (sentinels) {
		for (uint32_t i = 0; i < c->cfg.seed_count; i++) {
			efree(sentinels[i]);
		}
		efree(sentinels);
	}
	return t;
}

/* ---- walking every master ---------------------------------------------------------- */

uint32_t redislock_conn_masters(redislock_conn *c, int *first_slots, uint32_t max)
{
	uint32_t n = 0;
	bool *seen;

	if (c->cfg.mode != REDISLOCK_MODE_CLUSTER) {
		first_slots[0] = -1;
		return 1;
	}
	if (c->shut_down) {
		refused_at_shutdown(c);
		return 0;
	}
	if (cluster_route(c, -1) == FAILURE) {
		return 0;
	}
	seen = ecalloc(c->node_count + 1, sizeof(*seen));
	for (int slot = 0; slot < REDISLOCK_SLOTS && n < max; slot++) {
		uint16_t owner = c->slot_owner[slot];
		if (owner != 0 && !seen[owner]) {
			seen[owner] = true;
			first_slots[n++] = slot;
		}
	}
	efree(seen);
	if (n == 0) {
		redislock_conn_set_error(c, REDISLOCK_ERR_SERVER, "no node of the cluster serves any slot (CLUSTERDOWN)");
	}
	return n;
}

zend_result redislock_conn_call_at(redislock_conn *c, int slot, const redislock_argv *a, double timeout, redisReply **reply)
{
	double deadline;

	*reply = NULL;
	redislock_conn_begin(c, "SCAN");
	if (ensure_slot(c, slot) == FAILURE) {
		return FAILURE;
	}
	deadline = redislock_now() + timeout;
	if (redislock_conn_append(c, a) == FAILURE || redislock_conn_flush(c, deadline) == FAILURE) {
		return FAILURE;
	}
	return redislock_conn_read(c, deadline, reply);
}
