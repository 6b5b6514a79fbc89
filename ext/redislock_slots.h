/* Redis Cluster key slots. No Zend API. */
#ifndef REDISLOCK_SLOTS_H
#define REDISLOCK_SLOTS_H

#include <stddef.h>
#include <stdint.h>

#define REDISLOCK_SLOTS 16384

/* Module startup: the CRC16 table. */
void redislock_slots_startup(void);

/* The Redis Cluster slot of a key, following the hash-tag rule: the part between
 * the first "{" and the next "}" when that is not empty, else the whole key. */
unsigned int redislock_key_slot(const char *key, size_t len);

#endif
