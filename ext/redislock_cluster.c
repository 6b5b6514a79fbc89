/* Redis Cluster replies: CLUSTER SLOTS and redirections. */
#include "redislock_cluster.h"
#include "redislock_slots.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>


int redislock_cluster_command_slot(int argc, const char *const *argv, const size_t *lens)
{
	int key = 1;
	if ((lens[0] == 7 && strncasecmp(argv[0], "EVALSHA", 7) == 0) || (lens[0] == 4 && strncasecmp(argv[0], "EVAL", 4) == 0)) {
		if (argc < 4 || (lens[2] == 1 && argv[2][0] == '0')) {
			return -1;
		}
		key = 3;
	} else if (lens[0] == 10 && strncasecmp(argv[0], "XREADGROUP", 10) == 0) {
		/* XREADGROUP GROUP g c [COUNT n] [BLOCK ms] [NOACK] STREAMS key... id...: the first stream. */
		key = argc;
		for (int i = 4; i + 1 < argc; i++) {
			if (lens[i] == 7 && strncasecmp(argv[i], "STREAMS", 7) == 0) {
				key = i + 1;
				break;
			}
		}
	}
	if (argc <= key) {
		return -1;
	}
	return (int) redislock_key_slot(argv[key], lens[key]);
}

bool redislock_cluster_apply_slots(uint16_t *slot_owner, const redisReply *reply, const char *asked_host,
	redislock_cluster_node_fn node, void *ctx)
{
	if (reply->type != REDIS_REPLY_ARRAY || reply->elements == 0) {
		return false;
	}
	memset(slot_owner, 0, REDISLOCK_SLOTS * sizeof(*slot_owner));
	for (size_t r = 0; r < reply->elements; r++) {
		const redisReply *range = reply->element[r], *master;
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
			snprintf(host, sizeof(host), "%s", asked_host);
		} else {
			memcpy(host, master->element[0]->str, master->element[0]->len);
			host[master->element[0]->len] = '\0';
		}
		owner = node(ctx, host, (long) master->element[1]->integer);
		for (long long slot = from; slot <= to; slot++) {
			slot_owner[slot] = (uint16_t) (owner + 1);
		}
	}
	return true;
}

bool redislock_reply_starts(const redisReply *reply, const char *word)
{
	size_t len = strlen(word);
	return reply->len >= len && memcmp(reply->str, word, len) == 0 && (reply->len == len || reply->str[len] == ' ');
}

bool redislock_cluster_redirect(const redisReply *reply, int *slot, char *host, size_t host_size, long *port)
{
	const char *p = reply->str, *end = reply->str + reply->len, *addr, *colon = NULL;
	size_t host_len;

	p = memchr(p, ' ', end - p);
	if (!p) {
		return false;
	}
	*slot = (int) strtol(p + 1, NULL, 10);
	addr = memchr(p + 1, ' ', end - p - 1);
	if (!addr || *slot < 0 || *slot >= REDISLOCK_SLOTS) {
		return false;
	}
	addr++;
	for (const char *q = addr; q < end; q++) {
		if (*q == ':') {
			colon = q;
		}
	}
	if (!colon || colon + 1 >= end) {
		return false;
	}
	*port = strtol(colon + 1, NULL, 10);
	host_len = colon - addr;
	if (host_len > 1 && addr[0] == '[' && colon[-1] == ']') {
		addr++;
		host_len -= 2;
	}
	if (host_len >= host_size || *port <= 0 || *port > 65535) {
		return false;
	}
	memcpy(host, addr, host_len);
	host[host_len] = '\0';
	return true;
}
