/* Redis Cluster: the slot map, the slot of a command, and the redirections a node
 * answers with. Nodes are numbered by the caller (the connection keeps a link per
 * node); this layer only reads replies and fills the map. No Zend API. */
#ifndef REDISLOCK_CLUSTER_H
#define REDISLOCK_CLUSTER_H

#include "redislock_slots.h"
#include "redislock_util.h"
#include <hiredis/hiredis.h>

/* The slot of a command: of its first key (EVAL/EVALSHA: the first of KEYS), or
 * -1 for a command without keys. */
int redislock_cluster_command_slot(int argc, const char *const *argv, const size_t *lens);

/* Gives the number of the node at host:port, adding it when it is new. */
typedef uint32_t (*redislock_cluster_node_fn)(void *ctx, const char *host, long port);

/* Fills slot_owner (REDISLOCK_SLOTS entries: node number + 1, or 0) from a
 * CLUSTER SLOTS reply of the node at asked_host (named by nodes that do not know
 * their own address). False when the reply holds no slot ranges. */
bool redislock_cluster_apply_slots(uint16_t *slot_owner, const redisReply *reply, const char *asked_host,
	redislock_cluster_node_fn node, void *ctx);

/* Whether an error reply starts with word ("MOVED", "ASK", "TRYAGAIN", ...). */
bool redislock_reply_starts(const redisReply *reply, const char *word);

/* "MOVED 3999 127.0.0.1:6381" or "ASK ...": the slot and the node's address (an
 * empty host means the address the cluster was reached by). False if malformed. */
bool redislock_cluster_redirect(const redisReply *reply, int *slot, char *host, size_t host_size, long *port);

#endif
