/* The renewals: a target's link (opened on first use, through the sentinels for
 * a Sentinel target, moved by a cluster's redirections), and the renewal commands
 * sent on it, one or a pipelined batch, their replies turned into WD_ codes. Run
 * by a worker outside the mutex, on a busy target's entries, which no other
 * thread touches meanwhile. No Zend API (see redislock_watchdog.h). */
#include "redislock_watchdog_int.h"
#include "redislock_cluster.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void link_options_of(const redislock_wd_target *t, redislock_link_options *o, bool sentinel)
{
	memset(o, 0, sizeof(*o));
	o->tls = t->tls ? &t->tls_settings : NULL;
	if (!sentinel && t->password) {
		o->password = t->password;
		o->password_len = strlen(t->password);
		if (t->user) {
			o->user = t->user;
			o->user_len = strlen(t->user);
		}
	}
	o->database = sentinel ? 0 : t->database;
	o->connect_timeout = t->connect_timeout;
	o->read_timeout = t->read_timeout;
}

/* One command on a link, its reply read by the deadline. */
static bool call(redislock_link *l, int argc, const char *const *argv, const size_t *lens, double deadline,
	redisReply **reply, redislock_status *st)
{
	return redislock_link_append(l, argc, argv, lens) && redislock_link_flush(l, deadline, st)
		&& redislock_link_read(l, deadline, reply, st);
}

/* Sentinel: asks each sentinel in turn for the master's address. */
static bool sentinel_master(redislock_wd_target *t, char *host, size_t host_size, long *port, redislock_status *st)
{
	for (uint32_t i = 0; i < t->sentinel_count; i++) {
		const char *addr = t->sentinels[i];
		const char *colon = addr ? strrchr(addr, ':') : NULL;
		char shost[256];
		redislock_link *l;
		redislock_link_options o;
		redisReply *reply = NULL;
		const char *argv[] = {"SENTINEL", "get-master-addr-by-name", t->service};
		size_t lens[] = {8, 23, t->service ? strlen(t->service) : 0};
		bool found = false;

		if (!colon || !t->service || (size_t) (colon - addr) >= sizeof(shost)) {
			continue;
		}
		memcpy(shost, addr, (size_t) (colon - addr));
		shost[colon - addr] = '\0';
		if (shost[0] == '[') {   /* [v6]:port */
			memmove(shost, shost + 1, strlen(shost));
			shost[strcspn(shost, "]")] = '\0';
		}
		if ((l = redislock_link_new(false)) == NULL) {
			continue;
		}
		redislock_link_target(l, shost, strtol(colon + 1, NULL, 10), NULL, t->tls);
		link_options_of(t, &o, true);
		if (redislock_link_open(l, &o, st) && call(l, 3, argv, lens, redislock_now() + t->read_timeout, &reply, st)) {
			if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 2 && reply->element[0]->type == REDIS_REPLY_STRING
				&& reply->element[1]->type == REDIS_REPLY_STRING) {
				snprintf(host, host_size, "%.*s", (int) reply->element[0]->len, reply->element[0]->str);
				*port = strtol(reply->element[1]->str, NULL, 10);
				found = true;
			}
			freeReplyObject(reply);
		}
		redislock_link_free(l);
		if (found) {
			return true;
		}
	}
	redislock_status_set(st, REDISLOCK_ERR_CONNECT, 0, "no sentinel named the master");
	return false;
}

/* Opens the target's link if it is not open. */
static bool target_open(redislock_wd_target *t, redislock_status *st)
{
	redislock_link_options o;

	if (!t->link && (t->link = redislock_link_new(false)) == NULL) {
		return false;
	}
	if (redislock_link_usable(t->link)) {
		return true;
	}
	if (t->mode == REDISLOCK_WD_SENTINEL) {
		char host[256];
		long port;
		if (!sentinel_master(t, host, sizeof(host), &port, st)) {
			return false;
		}
		redislock_link_target(t->link, host, port, NULL, t->tls);
	} else {
		redislock_link_target(t->link, t->host, t->port, t->socket_path, t->tls);
	}
	link_options_of(t, &o, false);
	return redislock_link_open(t->link, &o, st);
}

/* Moves a cluster target to the node a redirection named. */
static void retarget(redislock_wd_target *t, const char *host, long port)
{
	if (host[0]) {
		char *copy = strdup(host);
		if (copy) {
			free(t->host);
			t->host = copy;
		}
	}
	t->port = port;
	if (t->link) {
		redislock_link_close(t->link);
	}
}

/* What an integer reply says: 1 renewed (0 gone); with the bound on the server,
 * the ms given (> 0), 0 gone, -1 the bound passed or the watch ended. */
static int integer_result(wd_entry *e, long long n)
{
	if (!e->server_bound) {
		return n == 1 ? WD_RENEWED : WD_GONE;
	}
	if (n > 0) {
		e->given = n;
		return WD_RENEWED;
	}
	return n < 0 ? WD_ENDED : WD_GONE;
}

/* An error reply that says nothing about the hold, and goes away by itself: a
 * script or a load in progress, a slot migrating or a cluster reconfiguring, a
 * server out of memory for now. The link is fine; the renewal is tried again. */
static bool transient_error(const redisReply *reply)
{
	static const char *words[] = {"BUSY", "LOADING", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN", "OOM", NULL};
	for (const char **w = words; *w; w++) {
		if (redislock_reply_starts(reply, *w)) {
			return true;
		}
	}
	return false;
}

/* An error reply that says the link leads to the wrong server now (a replica
 * after a failover, a restarted server that wants AUTH): connect again. */
static bool reconnect_error(const redisReply *reply)
{
	return redislock_reply_starts(reply, "READONLY") || redislock_reply_starts(reply, "NOAUTH");
}

/* One renewal: WD_RENEWED, WD_GONE (the hold is not ours), WD_RETRY (no answer
 * in time, or an error that passes; tried again within the lease) or WD_REFUSED
 * (an error reply that every retry would get again, a script error above all:
 * the link is fine, and reconnecting would not help). Outside the mutex, on an
 * entry marked busy. */
static int renew_command(wd_entry *e)
{
	redislock_wd_target *t = e->target;
	redislock_status st;
	const char *argv0 = e->argv[0], *argv1 = e->argv[1];
	size_t len0 = e->lens[0], len1 = e->lens[1];
	bool use_body = false;

	redislock_status_clear(&st);
	for (int round = 0; round < 4; round++) {
		redisReply *reply = NULL;
		int slot;
		char host[256];
		long port;
		bool ask = false;

		if (!target_open(t, &st)) {
			return WD_RETRY;
		}
		if (use_body) {
			e->argv[0] = "EVAL";
			e->lens[0] = 4;
			e->argv[1] = e->body;
			e->lens[1] = strlen(e->body);
		}
		bool ok = call(t->link, e->argc, (const char *const *) e->argv, e->lens, redislock_now() + t->read_timeout, &reply, &st);
		e->argv[0] = (char *) argv0;
		e->lens[0] = len0;
		e->argv[1] = (char *) argv1;
		e->lens[1] = len1;
		if (!ok) {
			return WD_RETRY;
		}
		if (reply->type == REDIS_REPLY_INTEGER) {
			int result = integer_result(e, reply->integer);
			freeReplyObject(reply);
			return result;
		}
		if (reply->type == REDIS_REPLY_ERROR && redislock_reply_starts(reply, "NOSCRIPT") && e->body && !use_body) {
			use_body = true;
		} else if (reply->type == REDIS_REPLY_ERROR && t->mode == REDISLOCK_WD_CLUSTER
			&& ((ask = redislock_reply_starts(reply, "ASK")) || redislock_reply_starts(reply, "MOVED"))
			&& redislock_cluster_redirect(reply, &slot, host, sizeof(host), &port)) {
			/* The slot moved: renew there from now on. An ASK (a migration under
			 * way) is followed the same way; the node answers MOVED once it is
			 * done. */
			(void) ask;
			retarget(t, host, port);
		} else if (reply->type == REDIS_REPLY_ERROR && transient_error(reply)) {
			freeReplyObject(reply);
			return WD_RETRY;
		} else if (reply->type == REDIS_REPLY_ERROR && reconnect_error(reply)) {
			freeReplyObject(reply);
			redislock_link_close(t->link);
			return WD_RETRY;
		} else if (reply->type == REDIS_REPLY_ERROR) {
			/* The script failed, or the command is refused: the same command would
			 * fail the same way until the lease ends. */
			freeReplyObject(reply);
			return WD_REFUSED;
		} else {
			/* Not what the renewal answers: the link is out of step. */
			freeReplyObject(reply);
			redislock_link_close(t->link);
			return WD_RETRY;
		}
		freeReplyObject(reply);
	}
	return WD_RETRY;
}

/* The argument a renewal that started at started sends in place of
 * argv[life_arg], in out: the last renewals before max_hold give only what is
 * left of it; the first renewal of a bound kept on the server sets what is left
 * until max_hold, unless the server has one. False: argv[life_arg] as it is. */
static bool swapped_arg(const wd_entry *e, double started, char *out, size_t size, size_t *len)
{
	long long ms = (long long) ((e->hold_end - started) * 1000);
	if (!e->life_arg) {
		return false;
	}
	if (e->server_bound) {
		if (!e->first_pending || ms < 1) {
			return false;
		}
	} else if (e->hold_end - started >= e->lease) {
		return false;
	}
	*len = (size_t) snprintf(out, size, "%lld", ms < 1 ? 1 : ms);
	return true;
}

/* A renewal that started at started. The last ones before max_hold give only
 * what is left of it, so that the hold ends at max_hold, not a lease after the
 * last renewal: the lifetime argument is swapped for the shorter one for this
 * call. */
static int renew(wd_entry *e, double started)
{
	char life[24];
	char *saved = NULL;
	size_t saved_len = 0;
	int result;

	size_t len;

	if (swapped_arg(e, started, life, sizeof(life), &len)) {
		saved = e->argv[e->life_arg];
		saved_len = e->lens[e->life_arg];
		e->argv[e->life_arg] = life;
		e->lens[e->life_arg] = len;
	}
	result = renew_command(e);
	if (saved) {
		e->argv[e->life_arg] = saved;
		e->lens[e->life_arg] = saved_len;
	}
	return result;
}

/* As redislock_watchdog_int.h says; result[i] as renew() answers. An entry whose
 * reply is not an integer (NOSCRIPT, a redirection, an error) is renewed again
 * alone, as renew() does. */
void wd_renew_batch(redislock_wd_target *t, wd_entry **batch, int n, double started, int *result)
{
	redislock_status st;
	bool again[WD_BATCH];
	char (*life)[24] = NULL;
	bool sent = false;
	int read = 0;

	if (n == 1) {
		result[0] = renew(batch[0], started);
		return;
	}
	redislock_status_clear(&st);
	for (int i = 0; i < n; i++) {
		result[i] = WD_RETRY;
		again[i] = false;
	}
	if (!target_open(t, &st) || (life = malloc((size_t) n * sizeof(*life))) == NULL) {
		free(life);
		return;
	}
	for (int i = 0; i < n; i++) {
		wd_entry *e = batch[i];
		char *saved = NULL;
		size_t saved_len = 0;
		size_t len;
		bool ok;
		if (swapped_arg(e, started, life[i], sizeof(life[i]), &len)) {
			saved = e->argv[e->life_arg];
			saved_len = e->lens[e->life_arg];
			e->argv[e->life_arg] = life[i];
			e->lens[e->life_arg] = len;
		}
		ok = redislock_link_append(t->link, e->argc, (const char *const *) e->argv, e->lens);
		if (saved) {
			e->argv[e->life_arg] = saved;
			e->lens[e->life_arg] = saved_len;
		}
		if (!ok) {
			free(life);
			return;
		}
	}
	free(life);
	sent = redislock_link_flush(t->link, redislock_now() + t->read_timeout, &st);
	for (; sent && read < n; read++) {
		redisReply *reply = NULL;
		if (!redislock_link_read(t->link, redislock_now() + t->read_timeout, &reply, &st)) {
			break;
		}
		if (reply->type == REDIS_REPLY_INTEGER) {
			result[read] = integer_result(batch[read], reply->integer);
		} else if (reply->type == REDIS_REPLY_ERROR && transient_error(reply)) {
			result[read] = WD_RETRY;
		} else {
			again[read] = true;
		}
		freeReplyObject(reply);
	}
	if (read < n) {
		return;   /* no answer in time: the link is closed, the rest are retried */
	}
	for (int i = 0; i < n; i++) {
		if (again[i]) {
			result[i] = renew(batch[i], started);
		}
	}
}
