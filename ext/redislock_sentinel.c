/* Redis Sentinel. A sentinel is asked over a short-lived link of its own, without
 * AUTH or SELECT: those belong to the master. */
#include "redislock_sentinel.h"
#include "zend_smart_str.h"

/* Asks one sentinel: 1 found (host and port filled), 0 it does not know the
 * service, -1 it could not be asked (st says why). */
static int ask(const redislock_config *cfg, const redislock_addr *sentinel, char *host, size_t host_size, long *port,
	redislock_status *st)
{
	static const char verb[] = "get-master-addr-by-name";
	const char *argv[3] = {"SENTINEL", verb, ZSTR_VAL(cfg->service)};
	size_t lens[3] = {8, sizeof(verb) - 1, ZSTR_LEN(cfg->service)};
	redislock_link_options o = {0};
	redislock_link *probe = redislock_link_new(false);
	redisReply *reply = NULL;
	int found = -1;

	if (!probe) {
		redislock_status_set(st, REDISLOCK_ERR_IO, ENOMEM, "out of memory");
		return -1;
	}
	o.connect_timeout = cfg->connect_timeout;
	o.read_timeout = cfg->read_timeout;
	redislock_link_target(probe, ZSTR_VAL(sentinel->host), (long) sentinel->port, NULL, false);
	if (redislock_link_open(probe, &o, st)) {
		double deadline = redislock_now() + cfg->read_timeout;
		if (!redislock_link_append(probe, 3, argv, lens) || !redislock_link_flush(probe, deadline, st)
				|| !redislock_link_read(probe, deadline, &reply, st)) {
			char cause[REDISLOCK_STATUS_LEN];
			snprintf(cause, sizeof(cause), "%s", st->message);
			redislock_status_set(st, st->kind, st->sys_errno, "SENTINEL on %s failed: %s", probe->endpoint, cause);
		} else if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2
				&& reply->element[0]->type == REDIS_REPLY_STRING && reply->element[1]->type == REDIS_REPLY_STRING
				&& reply->element[0]->len > 0 && reply->element[0]->len < host_size) {
			long number = strtol(reply->element[1]->str, NULL, 10);
			memcpy(host, reply->element[0]->str, reply->element[0]->len);
			host[reply->element[0]->len] = '\0';
			*port = number;
			found = number > 0 && number <= 65535 ? 1 : -1;
			if (found < 0) {
				redislock_status_set(st, REDISLOCK_ERR_PROTOCOL, 0, "sentinel %s named an invalid port", probe->endpoint);
			}
		} else if (reply->type == REDIS_REPLY_NIL) {
			found = 0;
		} else if (reply->type == REDIS_REPLY_ERROR) {
			redislock_status_set(st, REDISLOCK_ERR_SERVER, 0, "SENTINEL on %s failed: %.*s", probe->endpoint,
				(int) MIN(reply->len, 256), reply->str);
		} else {
			redislock_status_set(st, REDISLOCK_ERR_PROTOCOL, 0, "sentinel %s gave an unexpected reply (RESP type %d)",
				probe->endpoint, reply->type);
		}
		if (reply) {
			freeReplyObject(reply);
		}
	}
	redislock_link_free(probe);
	return found;
}

bool redislock_sentinel_lookup(const redislock_config *cfg, uint32_t *first, char *host, size_t host_size, long *port,
	bool *unknown, redislock_status *st)
{
	uint32_t n = cfg->seed_count;
	smart_str tried = {0};

	*unknown = false;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = (*first + k) % n;
		int found = ask(cfg, &cfg->seeds[i], host, host_size, port, st);
		zend_string *addr;
		if (found == 1) {
			*first = i;
			smart_str_free(&tried);
			return true;
		}
		*unknown = *unknown || found == 0;
		addr = redislock_addr_string(cfg->seeds[i].host, cfg->seeds[i].port);
		if (tried.s) {
			smart_str_appends(&tried, "; ");
		}
		smart_str_append(&tried, addr);
		smart_str_appends(&tried, ": ");
		smart_str_appends(&tried, found == 0 ? "does not know the service" : st->message);
		zend_string_release(addr);
	}
	smart_str_0(&tried);
	redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "no sentinel named a master for \"%s\"%s (%.*s)",
		ZSTR_VAL(cfg->service), *unknown ? ", the service is unknown" : "",
		tried.s ? (int) MIN(ZSTR_LEN(tried.s), 300) : 0, tried.s ? ZSTR_VAL(tried.s) : "");
	smart_str_free(&tried);
	return false;
}

int redislock_sentinel_is_master(redislock_link *l, double deadline, redislock_status *st)
{
	const char *argv[1] = {"ROLE"};
	size_t lens[1] = {4};
	redisReply *reply;
	int master;

	if (!redislock_link_append(l, 1, argv, lens) || !redislock_link_flush(l, deadline, st)
			|| !redislock_link_read(l, deadline, &reply, st)) {
		char cause[REDISLOCK_STATUS_LEN];
		snprintf(cause, sizeof(cause), "%s", st->message);
		redislock_status_set(st, st->kind ? st->kind : REDISLOCK_ERR_IO, st->sys_errno, "ROLE on %s failed: %s", l->endpoint, cause);
		redislock_link_close(l);
		return -1;
	}
	master = reply->type == REDIS_REPLY_ARRAY && reply->elements >= 1 && reply->element[0]->type == REDIS_REPLY_STRING
		&& reply->element[0]->len == 6 && memcmp(reply->element[0]->str, "master", 6) == 0;
	freeReplyObject(reply);
	return master;
}
