/* Redis Sentinel: which server is the master of a service right now. */
#ifndef REDISLOCK_SENTINEL_H
#define REDISLOCK_SENTINEL_H

#include "redislock_config.h"
#include "redislock_link.h"

/* Asks the sentinels of cfg in turn, *first (the one that answered last) first,
 * until one names the master; then *first is that one. On failure, st says what
 * each one asked answered, and *unknown whether one did not know the service. */
bool redislock_sentinel_lookup(const redislock_config *cfg, uint32_t *first, char *host, size_t host_size, long *port,
	bool *unknown, redislock_status *st);

/* ROLE on an open link: 1 a master, 0 not a master (a failover is under way), -1
 * the question failed (st says why; the link is closed). */
int redislock_sentinel_is_master(redislock_link *l, double deadline, redislock_status *st);

#endif
