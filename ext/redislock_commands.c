/* Every Lua script lives here as a named constant; its SHA1 is computed once at
 * module startup. Scripts give atomicity: the compare and the write happen inside
 * Redis with nothing in between, so no other client can slip in. */
#include "php_redislock.h"
#include "redislock_commands.h"
#include "ext/standard/sha1.h"
#include "ext/standard/md5.h"

/* ---- locks ---------------------------------------------------------------- *
 * One lock is these keys, all in one Redis Cluster slot:
 *   KEYS[1] the lock: prefix + name, holding "<fence>:<128-bit hex>"
 *   KEYS[2] the fencing counter of the key's cluster slot: INCR once per acquisition.
 *           One counter per slot (never per name) keeps the number of keys bounded
 *           however many names an application locks, and a name's numbers still
 *           only grow, since the name never changes slot.
 *   KEYS[3] the wait queue: zset of waiter ids by arrival time (strict FIFO)
 *   KEYS[4] lockMany() waiters: zset of waiter ids by registration deadline
 * and, per waiter, P .. 'a:' .. id (alive while the waiter keeps coming back) and
 * P .. 'w:' .. id (the list it blocks on with BLPOP), P being the name's
 * waiter-key prefix. The acquire scripts for one name and for lockMany() share
 * one argument layout: ARGV = count n, token hex, lifetime ms, waiter id ('' = do
 * not wait), alive ms, then the n waiter prefixes.
 * A waiter that dies simply stops refreshing its alive key; the next script that
 * meets it at the head of the queue after the key expired drops it, so a crash
 * holds up the line for one alive period (2.5 s) at most. */

#define LUA_WAITERS \
	"local function alive(id) return redis.call('exists', P .. 'a:' .. id) == 1 end\n" \
	"local function head()\n" \
	"  while true do\n" \
	"    local first = redis.call('zrange', KEYS[3], 0, 0)[1]\n" \
	"    if not first or alive(first) then return first end\n" \
	"    redis.call('zrem', KEYS[3], first)\n" \
	"  end\n" \
	"end\n" \
	"local function signal(id)\n" \
	"  local w = P .. 'w:' .. id\n" \
	"  if redis.call('llen', w) == 0 then\n" \
	"    redis.call('rpush', w, '1')\n" \
	"    redis.call('pexpire', w, 60000)\n" \
	"  end\n" \
	"end\n" \
	/* The lock is free: wake the head of the queue (one waiter, no herd) and every \
	 * lockMany() waiter registered on this name. */ \
	"local function wake_next()\n" \
	"  local h = head()\n" \
	"  if h then signal(h) end\n" \
	"  if redis.call('exists', KEYS[4]) == 1 then\n" \
	"    local t = redis.call('time')\n" \
	"    redis.call('zremrangebyscore', KEYS[4], '-inf', t[1] .. string.format('%03d', math.floor(t[2] / 1000)))\n" \
	"    for _, id in ipairs(redis.call('zrange', KEYS[4], 0, -1)) do signal(id) end\n" \
	"  end\n" \
	"end\n"

/* Takes the lock when it is free and nobody is queued ahead of us; the
 * fencing number comes from the same atomic step. Returns the token, or when busy
 * the milliseconds until it is worth trying again: the lock's PTTL, or when it is
 * free but promised to the head of the queue, the PTTL of the head's alive mark
 * (-1: a key without a lifetime, which is never taken over). */
redislock_script redislock_script_acquire = {"lock script",
	/* The common case first, before any helper closure is built: free, no queue. */
	"if redis.call('exists', KEYS[1], KEYS[3]) == 0 then\n"
	"  local token = redis.call('incr', KEYS[2]) .. ':' .. ARGV[2]\n"
	"  redis.call('set', KEYS[1], token, 'px', ARGV[3])\n"
	"  return token\n"
	"end\n"
	"local P = ARGV[6]\n"
	"local busy_ms = nil\n"
	LUA_WAITERS
	"if redis.call('exists', KEYS[1]) == 0 then\n"
	"  local h = head()\n"
	"  if not h or h == ARGV[4] then\n"
	"    local token = redis.call('incr', KEYS[2]) .. ':' .. ARGV[2]\n"
	"    redis.call('set', KEYS[1], token, 'px', ARGV[3])\n"
	"    if h then\n"
	"      redis.call('zrem', KEYS[3], h)\n"
	"      redis.call('del', P .. 'a:' .. h, P .. 'w:' .. h)\n"
	"    end\n"
	"    return token\n"
	"  end\n"
	"  signal(h)\n"
	/* Free, but promised to the head: the caller retries when the head's alive mark
	 * would run out, so a head that crashed costs no more than that. */
	"  busy_ms = redis.call('pttl', P .. 'a:' .. h)\n"
	"end\n"
	"if ARGV[4] ~= '' then\n"
	"  local t = redis.call('time')\n"
	"  redis.call('zadd', KEYS[3], 'nx', t[1] .. string.format('%06d', t[2]), ARGV[4])\n"
	"  redis.call('set', P .. 'a:' .. ARGV[4], '1', 'px', ARGV[5])\n"
	"end\n"
	"return busy_ms or redis.call('pttl', KEYS[1])\n", ""};

/* ARGV: count (1), waiter id, waiter-key prefix. A waiter that gives up leaves the
 * queue, and passes the turn on if the lock is free. */
redislock_script redislock_script_leave = {"lock wait script",
	"local P = ARGV[3]\n"
	LUA_WAITERS
	"redis.call('zrem', KEYS[3], ARGV[2])\n"
	"redis.call('zrem', KEYS[4], ARGV[2])\n"
	"redis.call('del', P .. 'a:' .. ARGV[2], P .. 'w:' .. ARGV[2])\n"
	"if redis.call('exists', KEYS[1]) == 0 then wake_next() end\n"
	"return 1\n", ""};

/* ARGV: waiter-key prefix, token, 'suffix' to match only the random part (a lost
 * reply: we never learnt the fencing number). Deletes the lock only while it still
 * holds our token: if it expired and another client took it, the key holds their
 * token and stays. Then the next waiter is woken. */
redislock_script redislock_script_unlock = {"unlock script",
	"local v = redis.call('get', KEYS[1])\n"
	"if ARGV[3] == 'suffix' then\n"
	"  if not v or string.sub(v, -(#ARGV[2] + 1)) ~= ':' .. ARGV[2] then return 0 end\n"
	"elseif v ~= ARGV[2] then\n"
	"  return 0\n"
	"end\n"
	"redis.call('del', KEYS[1])\n"
	"if redis.call('exists', KEYS[3], KEYS[4]) == 0 then return 1 end\n"
	"local P = ARGV[1]\n"
	LUA_WAITERS
	"wake_next()\n"
	"return 1\n", ""};

/* ARGV: token, lifetime ms. A new lifetime, only while the lock holds our token. */
redislock_script redislock_script_extend = {"expire script",
	"if redis.call('get', KEYS[1]) == ARGV[1] then\n"
	"  return redis.call('pexpire', KEYS[1], ARGV[2])\n"
	"end\n"
	"return 0\n", ""};

/* ARGV: token. The remaining lifetime in ms while the lock holds our token, else -3. */
redislock_script redislock_script_ttl = {"ttl script",
	"if redis.call('get', KEYS[1]) == ARGV[1] then\n"
	"  return redis.call('pttl', KEYS[1])\n"
	"end\n"
	"return -3\n", ""};

/* lockMany(): KEYS are the four keys of each name in turn. All free and nobody queued on any of them: take all, each with its own
 * fencing number, and return the tokens. Otherwise take nothing, register the
 * waiter on every name, and return the busy lock's PTTL. Taking them all at once is
 * what makes two callers locking [a, b] and [b, a] unable to deadlock. */
redislock_script redislock_script_acquire_many = {"lockMany script",
	"local n = tonumber(ARGV[1])\n"
	"local function alive(i, id) return redis.call('exists', ARGV[5 + i] .. 'a:' .. id) == 1 end\n"
	/* The alive head of name i's queue, if any. */
	"local function queued(i)\n"
	"  local q = KEYS[(i - 1) * 4 + 3]\n"
	"  while true do\n"
	"    local first = redis.call('zrange', q, 0, 0)[1]\n"
	"    if not first or alive(i, first) then return first end\n"
	"    redis.call('zrem', q, first)\n"
	"  end\n"
	"end\n"
	"local busy, busy_ms = nil, nil\n"
	"for i = 1, n do\n"
	"  if redis.call('exists', KEYS[(i - 1) * 4 + 1]) == 1 then busy = i; break end\n"
	"  local h = queued(i)\n"
	"  if h then busy = i; busy_ms = redis.call('pttl', ARGV[5 + i] .. 'a:' .. h); break end\n"
	"end\n"
	"if not busy then\n"
	"  local tokens = {}\n"
	"  for i = 1, n do\n"
	"    local base = (i - 1) * 4\n"
	"    tokens[i] = redis.call('incr', KEYS[base + 2]) .. ':' .. ARGV[2]\n"
	"    redis.call('set', KEYS[base + 1], tokens[i], 'px', ARGV[3])\n"
	"    if ARGV[4] ~= '' then\n"
	"      redis.call('zrem', KEYS[base + 4], ARGV[4])\n"
	"      redis.call('del', ARGV[5 + i] .. 'w:' .. ARGV[4])\n"
	"    end\n"
	"  end\n"
	"  return tokens\n"
	"end\n"
	"if ARGV[4] ~= '' then\n"
	"  local t = redis.call('time')\n"
	"  local deadline = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[5])\n"
	"  for i = 1, n do\n"
	"    redis.call('zadd', KEYS[(i - 1) * 4 + 4], string.format('%d', deadline), ARGV[4])\n"
	"  end\n"
	"end\n"
	"return busy_ms or redis.call('pttl', KEYS[(busy - 1) * 4 + 1])\n", ""};

/* lockMany() gives up: ARGV: count n, waiter id, then the n waiter prefixes. */
redislock_script redislock_script_leave_many = {"lockMany wait script",
	"for i = 1, tonumber(ARGV[1]) do\n"
	"  redis.call('zrem', KEYS[(i - 1) * 4 + 4], ARGV[2])\n"
	"  redis.call('del', ARGV[2 + i] .. 'w:' .. ARGV[2])\n"
	"end\n"
	"return 1\n", ""};

/* ---- queues --------------------------------------------------------------- *
 * KEYS[1] queue zset (member id, score due time in seconds), KEYS[2] in-flight
 * zset (score: reservation deadline), KEYS[3] wake-up list for blocked workers.
 * "Now" is always the server's TIME, never a web server's clock, so app servers
 * with skewed clocks cannot reorder or delay tasks. Scores are formatted with
 * %.17g because Lua's own number-to-string keeps only 14 digits. */

#define LUA_NOW \
	"local t = redis.call('time')\n" \
	"local now_us = tonumber(t[1]) * 1000000 + tonumber(t[2])\n" \
	"local function score(us) return string.format('%.17g', us / 1000000) end\n" \
	"local function us_after(seconds) return now_us + math.floor(tonumber(seconds) * 1000000 + 0.5) end\n"

/* unpack() has a stack limit, so long argument lists go to Redis in chunks. */
#define LUA_CHUNKED \
	"local function chunked(head, list)\n" \
	"  local n = 0\n" \
	"  for i = 1, #list, 1000 do\n" \
	"    local args = {}\n" \
	"    for j = 1, #head do args[#args + 1] = head[j] end\n" \
	"    for j = i, math.min(i + 999, #list) do args[#args + 1] = list[j] end\n" \
	"    n = n + redis.call(unpack(args))\n" \
	"  end\n" \
	"  return n\n" \
	"end\n"

/* Wake blocked workers: a few tokens, capped, and expiring if nobody listens. */
#define LUA_WAKE \
	"local function wake(n)\n" \
	"  if n <= 0 then return end\n" \
	"  for i = 1, math.min(n, 16) do redis.call('lpush', KEYS[3], '1') end\n" \
	"  redis.call('ltrim', KEYS[3], 0, 15)\n" \
	"  redis.call('pexpire', KEYS[3], 300000)\n" \
	"end\n"

/* ARGV: delay seconds, replace flag, ids... An id already queued keeps its due time
 * unless replace is set (ZADD NX versus plain ZADD). */
redislock_script redislock_script_enqueue = {"enqueue script",
	LUA_NOW LUA_CHUNKED LUA_WAKE
	"local due = score(us_after(ARGV[1]))\n"
	"local members = {}\n"
	"for i = 3, #ARGV do members[#members + 1] = due; members[#members + 1] = ARGV[i] end\n"
	"local head = {'zadd', KEYS[1]}\n"
	"if ARGV[2] == '1' then head[3] = 'ch' else head[3] = 'nx' end\n"
	"local changed = chunked(head, members)\n"
	"wake(changed)\n"
	"return changed\n", ""};

/* ARGV: id, score. Remove only if the stored score is still exactly that score. */
redislock_script redislock_script_dequeue = {"dequeue script",
	"local s = redis.call('zscore', KEYS[1], ARGV[1])\n"
	"if s and tonumber(s) == tonumber(ARGV[2]) then\n"
	"  return redis.call('zrem', KEYS[1], ARGV[1])\n"
	"end\n"
	"return 0\n", ""};

/* ARGV: count, mode ('pop' or 'reserve'), visibility seconds, waiting flag.
 * First, reservations whose deadline passed go back to the queue: that is what
 * makes a crashed worker's tasks due again without any daemon. Returns the
 * flat [id, score, ...] list taken, or, when nothing is due, the milliseconds
 * until something might be (-1: nothing scheduled) for a waiting caller. */
redislock_script redislock_script_take = {"pop script",
	LUA_NOW LUA_CHUNKED LUA_WAKE
	"local now = score(now_us)\n"
	"local expired = redis.call('zrangebyscore', KEYS[2], '-inf', now, 'withscores', 'limit', 0, 1000)\n"
	"if #expired > 0 then\n"
	"  local back, ids = {}, {}\n"
	"  for i = 1, #expired, 2 do\n"
	"    back[#back + 1] = expired[i + 1]; back[#back + 1] = expired[i]; ids[#ids + 1] = expired[i]\n"
	"  end\n"
	"  chunked({'zadd', KEYS[1], 'nx'}, back)\n"
	"  chunked({'zrem', KEYS[2]}, ids)\n"
	"end\n"
	/* The count goes to LIMIT as the caller's string: as a Lua number, a count of
	 * 1e17 or more would come back in exponent form and be refused. */
	"local items = redis.call('zrangebyscore', KEYS[1], '-inf', now, 'withscores', 'limit', 0, ARGV[1])\n"
	"if #items > 0 then\n"
	"  local ids = {}\n"
	"  for i = 1, #items, 2 do ids[#ids + 1] = items[i] end\n"
	"  chunked({'zrem', KEYS[1]}, ids)\n"
	"  if ARGV[2] == 'reserve' then\n"
	"    local deadline = score(us_after(ARGV[3]))\n"
	"    local inflight = {}\n"
	"    for i = 1, #ids do inflight[#inflight + 1] = deadline; inflight[#inflight + 1] = ids[i] end\n"
	"    chunked({'zadd', KEYS[2]}, inflight)\n"
	"  end\n"
	/* Pass the turn on: tasks left due wake the next blocked worker (the initial
	 * wake-up is capped), and a new reservation makes a blocked worker recompute
	 * its deadline, so an expiring reservation is picked up on time. */
	"  if ARGV[2] == 'reserve' or redis.call('zcount', KEYS[1], '-inf', now) > 0 then wake(1) end\n"
	"  return items\n"
	"end\n"
	/* An empty answer to a caller about to block: old wake-up tokens are stale
	 * (whatever they announced is already visible to this very script). */
	"if ARGV[4] == '1' then redis.call('del', KEYS[3]) end\n"
	"local next_us = -1\n"
	"for _, key in ipairs({KEYS[1], KEYS[2]}) do\n"
	"  local first = redis.call('zrange', key, 0, 0, 'withscores')\n"
	"  if #first > 0 then\n"
	"    local us = math.floor(tonumber(first[2]) * 1000000)\n"
	"    if next_us < 0 or us < next_us then next_us = us end\n"
	"  end\n"
	"end\n"
	"if next_us < 0 then return -1 end\n"
	"return math.max(0, math.ceil((next_us - now_us) / 1000))\n", ""};

/* ARGV: count. Due tasks, lowest score first, without taking them. */
redislock_script redislock_script_top = {"top script",
	LUA_NOW
	"return redis.call('zrangebyscore', KEYS[1], '-inf', score(now_us), 'withscores', 'limit', 0, ARGV[1])\n", ""};

/* ARGV: id. Finishes a task that is in flight. */
redislock_script redislock_script_ack = {"ack script",
	"return redis.call('zrem', KEYS[2], ARGV[1])\n", ""};

/* ARGV: id, delay seconds. Only a task that is in flight goes back. */
redislock_script redislock_script_release = {"release script",
	LUA_NOW LUA_WAKE
	"if redis.call('zrem', KEYS[2], ARGV[1]) == 0 then return 0 end\n"
	"redis.call('zadd', KEYS[1], 'nx', score(us_after(ARGV[2])), ARGV[1])\n"
	"wake(1)\n"
	"return 1\n", ""};

redislock_script redislock_script_size = {"size script",
	LUA_NOW
	"local due = redis.call('zcount', KEYS[1], '-inf', score(now_us))\n"
	"return {due, redis.call('zcard', KEYS[1]) - due, redis.call('zcard', KEYS[2])}\n", ""};

redislock_script redislock_script_remove = {"remove script",
	"return redis.call('zrem', KEYS[1], ARGV[1]) + redis.call('zrem', KEYS[2], ARGV[1])\n", ""};

redislock_script redislock_script_clear = {"clear script",
	"local n = redis.call('zcard', KEYS[1]) + redis.call('zcard', KEYS[2])\n"
	"redis.call('del', KEYS[1], KEYS[2], KEYS[3])\n"
	"return n\n", ""};

/* Redlock, on each server: KEYS are the lock keys (one, or lockMany's). All free:
 * set them all with our token and lifetime, reply OK. Otherwise set nothing and
 * reply the PTTL of a busy one (-1: a key without a lifetime, not ours to judge). */
redislock_script redislock_script_redlock_acquire = {"redlock acquire script",
	"for i = 1, #KEYS do\n"
	"  if redis.call('exists', KEYS[i]) == 1 then return redis.call('pttl', KEYS[i]) end\n"
	"end\n"
	"for i = 1, #KEYS do redis.call('set', KEYS[i], ARGV[1], 'px', ARGV[2]) end\n"
	"return redis.status_reply('OK')\n", ""};

/* Redlock, on each server: KEYS[1] the lock, KEYS[2] its wake-up list; ARGV token,
 * "exact" or "suffix" (the random part after the colon only). Deletes the lock
 * while it holds our token, then leaves one wake-up for a waiter blocked on this
 * server (one is enough: the woken waiter's own unlock wakes the next). */
redislock_script redislock_script_redlock_release = {"redlock unlock script",
	"local v = redis.call('get', KEYS[1])\n"
	"if ARGV[2] == 'suffix' then\n"
	"  if not v or string.sub(v, -(#ARGV[1] + 1)) ~= ':' .. ARGV[1] then return 0 end\n"
	"elseif v ~= ARGV[1] then\n"
	"  return 0\n"
	"end\n"
	"redis.call('del', KEYS[1])\n"
	"redis.call('lpush', KEYS[2], '1')\n"
	"redis.call('ltrim', KEYS[2], 0, 0)\n"
	"redis.call('pexpire', KEYS[2], 5000)\n"
	"return 1\n", ""};

/* Redlock's isLocked(): the key's PTTL, as a script so it runs in the same round. */
redislock_script redislock_script_pttl = {"pttl script",
	"return redis.call('pttl', KEYS[1])\n", ""};

static redislock_script *all_scripts[] = {
	&redislock_script_redlock_acquire, &redislock_script_redlock_release, &redislock_script_pttl,
	&redislock_script_acquire, &redislock_script_leave, &redislock_script_unlock,
	&redislock_script_extend, &redislock_script_ttl,
	&redislock_script_acquire_many, &redislock_script_leave_many,
	&redislock_script_enqueue, &redislock_script_dequeue, &redislock_script_take,
	&redislock_script_top, &redislock_script_ack, &redislock_script_release, &redislock_script_size,
	&redislock_script_remove, &redislock_script_clear,
};

/* ---- key slots ------------------------------------------------------------ */

/* CRC16-CCITT (XMODEM), the checksum Redis Cluster uses for key slots. */
static uint16_t crc16_table[256];

static void build_crc16_table(void)
{
	for (int byte = 0; byte < 256; byte++) {
		uint16_t crc = (uint16_t) (byte << 8);
		for (int bit = 0; bit < 8; bit++) {
			crc = (crc & 0x8000) ? (uint16_t) ((crc << 1) ^ 0x1021) : (uint16_t) (crc << 1);
		}
		crc16_table[byte] = crc;
	}
}

static uint16_t crc16(const char *buf, size_t len)
{
	uint16_t crc = 0;
	for (size_t i = 0; i < len; i++) {
		crc = (uint16_t) ((crc << 8) ^ crc16_table[((crc >> 8) ^ (unsigned char) buf[i]) & 0xff]);
	}
	return crc;
}

#define REDISLOCK_SLOTS 16384
#define REDISLOCK_TAG_LEN 4

/* slot_tags[s] is a short brace-free string whose slot is s, built on first use
 * (a process that never locks never pays for it). */
static char slot_tags[REDISLOCK_SLOTS][REDISLOCK_TAG_LEN + 1];
static bool slot_tags_built;

unsigned int redislock_key_slot(const char *key, size_t len)
{
	const char *open = memchr(key, '{', len);
	if (open) {
		const char *close = memchr(open + 1, '}', len - (open + 1 - key));
		if (close && close > open + 1) {
			return crc16(open + 1, close - open - 1) & (REDISLOCK_SLOTS - 1);
		}
	}
	return crc16(key, len) & (REDISLOCK_SLOTS - 1);
}

static void build_slot_tags(void)
{
	static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	unsigned int filled = 0;
	memset(slot_tags, 0, sizeof(slot_tags));
	/* Counting through short names covers every slot long before 62^4. */
	for (uint32_t n = 0; filled < REDISLOCK_SLOTS && n < 62u * 62u * 62u * 62u; n++) {
		char tag[REDISLOCK_TAG_LEN + 1];
		uint32_t v = n;
		int len = 0;
		do {
			tag[len++] = alphabet[v % 62];
			v /= 62;
		} while (v && len < REDISLOCK_TAG_LEN);
		unsigned int slot = crc16(tag, len) & (REDISLOCK_SLOTS - 1);
		if (slot_tags[slot][0] == '\0') {
			memcpy(slot_tags[slot], tag, len);
			filled++;
		}
	}
	slot_tags_built = true;
}

static const char *slot_tag(const char *key, size_t len)
{
	if (!slot_tags_built) {
		build_slot_tags();
	}
	return slot_tags[redislock_key_slot(key, len)];
}

static zend_string *tagged_key(const char *tag, size_t tag_len, const char *suffix, const char *main, size_t main_len)
{
	size_t suffix_len = strlen(suffix);
	zend_string *out = zend_string_alloc(tag_len + 2 + suffix_len + main_len, 0);
	char *p = ZSTR_VAL(out);
	*p++ = '{';
	memcpy(p, tag, tag_len);
	p += tag_len;
	*p++ = '}';
	memcpy(p, suffix, suffix_len);
	p += suffix_len;
	memcpy(p, main, main_len);
	p += main_len;
	*p = '\0';
	return out;
}

zend_string *redislock_slot_key(const zend_string *main_key, const char *name)
{
	const char *tag = slot_tag(ZSTR_VAL(main_key), ZSTR_LEN(main_key));
	return tagged_key(tag, strlen(tag), name, "", 0);
}

zend_string *redislock_sibling_key(const zend_string *main_key, const char *suffix)
{
	const char *key = ZSTR_VAL(main_key);
	size_t len = ZSTR_LEN(main_key);
	const char *tag;

	if (!memchr(key, '{', len) && !memchr(key, '}', len)) {
		/* "{main}suffix": the tag is the whole main key, which hashes as itself. */
		return tagged_key(key, len, suffix, "", 0);
	}
	/* "{tag}suffix:main": main stays in the name so that names never collide. */
	tag = slot_tag(key, len);
	{
		size_t suffix_len = strlen(suffix);
		char *joined = emalloc(suffix_len + 2);
		zend_string *out;
		memcpy(joined, suffix, suffix_len);
		joined[suffix_len] = ':';
		joined[suffix_len + 1] = '\0';
		out = tagged_key(tag, strlen(tag), joined, key, len);
		efree(joined);
		return out;
	}
}

/* ---- blocking wait --------------------------------------------------------- */

zend_result redislock_blpop(redislock_conn *c, zend_string **keys, uint32_t n, double seconds, bool precise)
{
	redislock_argv a;
	redisReply *reply;
	zend_result result;
	double read_for = precise ? seconds + 0.002 : seconds + c->cfg.read_timeout;

	/* BLPOP reads 0 as "forever"; Redis's timer resolution is a millisecond. */
	if (seconds < 0.001) {
		seconds = 0.001;
	}
	redislock_argv_init(&a);
	redislock_argv_push(&a, "BLPOP", 5);
	for (uint32_t i = 0; i < n; i++) {
		redislock_argv_push_str(&a, keys[i]);
	}
	redislock_argv_push_double(&a, precise ? seconds + 0.05 : seconds);
	result = redislock_conn_call_timeout(c, &a, read_for, &reply);
	redislock_argv_free(&a);
	if (result == FAILURE) {
		if (precise && c->err == REDISLOCK_ERR_TIMEOUT) {
			return SUCCESS;
		}
		redislock_conn_throw(c);
		return FAILURE;
	}
	if (reply->type == REDIS_REPLY_ERROR) {
		redislock_conn_throw_reply(c, reply);
		freeReplyObject(reply);
		return FAILURE;
	}
	freeReplyObject(reply);
	return SUCCESS;
}

/* ---- scripts -------------------------------------------------------------- */

void redislock_commands_startup(void)
{
	for (size_t i = 0; i < sizeof(all_scripts) / sizeof(all_scripts[0]); i++) {
		PHP_SHA1_CTX ctx;
		unsigned char digest[20];
		PHP_SHA1Init(&ctx);
		PHP_SHA1Update(&ctx, (const unsigned char *) all_scripts[i]->body, strlen(all_scripts[i]->body));
		PHP_SHA1Final(digest, &ctx);
		make_digest_ex(all_scripts[i]->sha, digest, 20);
	}
	build_crc16_table();
}

void redislock_script_argv(redislock_argv *a, const redislock_script *script, int numkeys)
{
	redislock_argv_init(a);
	redislock_argv_push(a, "EVALSHA", 7);
	redislock_argv_push(a, script->sha, 40);
	redislock_argv_push_long(a, numkeys);
}

static bool is_noscript(const redisReply *reply)
{
	return reply->type == REDIS_REPLY_ERROR && reply->len >= 8 && memcmp(reply->str, "NOSCRIPT", 8) == 0;
}

static void use_eval(redislock_argv *a, const redislock_script *script)
{
	a->argv[0] = "EVAL";
	a->lens[0] = 4;
	a->argv[1] = script->body;
	a->lens[1] = strlen(script->body);
}

static void use_evalsha(redislock_argv *a, const redislock_script *script)
{
	a->argv[0] = "EVALSHA";
	a->lens[0] = 7;
	a->argv[1] = script->sha;
	a->lens[1] = 40;
}

void redislock_script_use(redislock_argv *a, const redislock_script *script, bool body)
{
	if (body) {
		use_eval(a, script);
	} else {
		use_evalsha(a, script);
	}
}

bool redislock_reply_is_noscript(const redisReply *reply)
{
	return is_noscript(reply);
}

zend_result redislock_script_call(redislock_conn *c, const redislock_script *script,
	redislock_argv *a, double timeout, redisReply **reply)
{
	return redislock_script_call_many(c, script, a, 1, timeout, reply);
}

/* NOSCRIPT: the server does not have the script (first use, a restart, SCRIPT
 * FLUSH, a cluster node not used before); send the body once, which caches it. */
static bool noscript_to_eval(const redisReply *reply, redislock_argv *a, const void *script)
{
	if (!is_noscript(reply) || a->lens[0] != 7) {
		return false;
	}
	use_eval(a, script);
	return true;
}

zend_result redislock_script_call_many(redislock_conn *c, const redislock_script *script,
	redislock_argv *sets, int n, double timeout, redisReply **replies)
{
	double deadline;
	int missing = 0;

	for (int i = 0; i < n; i++) {
		replies[i] = NULL;
	}
	if (n == 1 || c->cfg.mode != REDISLOCK_MODE_SINGLE) {
		/* One command at a time: behind a sentinel or on a cluster each may need
		 * to follow the master or a slot to another server. */
		for (int i = 0; i < n; i++) {
			zend_result result;
			redislock_conn_begin(c, script->name);
			use_evalsha(&sets[i], script);
			result = redislock_conn_exec(c, &sets[i], timeout, noscript_to_eval, script, &replies[i]);
			use_evalsha(&sets[i], script);
			if (result == FAILURE) {
				for (int j = 0; j < i; j++) {
					freeReplyObject(replies[j]);
					replies[j] = NULL;
				}
				return FAILURE;
			}
		}
		return SUCCESS;
	}
	if (redislock_conn_ensure(c) == FAILURE) {
		return FAILURE;
	}
	redislock_conn_begin(c, script->name);
	deadline = c->op_start + timeout;
	for (int i = 0; i < n; i++) {
		use_evalsha(&sets[i], script);
		redislock_conn_append(c, &sets[i]);
	}
	if (redislock_conn_flush(c) == FAILURE) {
		return FAILURE;
	}
	for (int i = 0; i < n; i++) {
		if (redislock_conn_read(c, deadline, &replies[i]) == FAILURE) {
			goto failed;
		}
		if (is_noscript(replies[i])) {
			missing++;
		}
	}
	if (missing == 0) {
		return SUCCESS;
	}
	for (int i = 0; i < n; i++) {
		if (replies[i] && is_noscript(replies[i])) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
			use_eval(&sets[i], script);
			redislock_conn_append(c, &sets[i]);
			use_evalsha(&sets[i], script);
		}
	}
	if (redislock_conn_flush(c) == FAILURE) {
		goto failed;
	}
	for (int i = 0; i < n; i++) {
		if (!replies[i] && redislock_conn_read(c, deadline, &replies[i]) == FAILURE) {
			goto failed;
		}
	}
	return SUCCESS;

failed:
	for (int i = 0; i < n; i++) {
		if (replies[i]) {
			freeReplyObject(replies[i]);
			replies[i] = NULL;
		}
	}
	return FAILURE;
}
