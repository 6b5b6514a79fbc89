/* The Lua scripts, each a named constant listed in REDISLOCK_SCRIPTS; their SHA1
 * is computed once at module startup. */
#include "php.h"
#include "redislock_scripts.h"
#include "ext/standard/sha1.h"
#include "ext/standard/md5.h"

/* ---- locks ---------------------------------------------------------------- *
 * One lock is these keys, all in one Redis Cluster slot:
 *   KEYS[1] the lock: prefix + name, holding "<fence>:<128-bit hex>"
 *   KEYS[2] the fencing counter of the key's cluster slot (see LUA_FENCE). One
 *           counter per slot (never per name) keeps the number of keys bounded
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
 * holds up the line for one alive period (2.5 s) at most. Every registration
 * gives the queue a lifetime of two alive periods, so the queue of a name that
 * nobody waits for any more vanishes by itself however its waiters ended. */

/* The next fencing number of a slot: one more than the last, and never less than
 * the server's clock in microseconds. The counter is replicated asynchronously
 * like the lock itself, so a failover (or a restart without persistence) can lose
 * its last increments; the clock floor keeps the numbers growing across that,
 * provided the new master's clock is not behind the old one's by more than the
 * failover took. Numbers are formatted as integers: Lua's own number-to-string
 * keeps 14 digits, and the clock alone has 16. */
#define LUA_FENCE \
	"local function fence(counter)\n" \
	"  local t = redis.call('time')\n" \
	"  local n = math.max((tonumber(redis.call('get', counter)) or 0) + 1, tonumber(t[1]) * 1000000 + tonumber(t[2]))\n" \
	"  local s = string.format('%d', n)\n" \
	"  redis.call('set', counter, s)\n" \
	"  return s\n" \
	"end\n"

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
	LUA_FENCE
	/* The common case first, before the waiting helpers are built: free, no queue. */
	"if redis.call('exists', KEYS[1], KEYS[3]) == 0 then\n"
	"  local token = fence(KEYS[2]) .. ':' .. ARGV[2]\n"
	"  redis.call('set', KEYS[1], token, 'px', ARGV[3])\n"
	"  return token\n"
	"end\n"
	"local P = ARGV[6]\n"
	"local busy_ms = nil\n"
	LUA_WAITERS
	"if redis.call('exists', KEYS[1]) == 0 then\n"
	"  local h = head()\n"
	"  if not h or h == ARGV[4] then\n"
	"    local token = fence(KEYS[2]) .. ':' .. ARGV[2]\n"
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
	"  redis.call('pexpire', KEYS[3], 2 * tonumber(ARGV[5]))\n"
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

/* ARGV: waiter-key prefix. Removes the lock whoever holds it, and wakes the next
 * waiter: for operators, and for framework adapters that offer a forced release.
 * Returns 1 when there was a lock to remove. */
redislock_script redislock_script_force_unlock = {"forceUnlock script",
	"local existed = redis.call('del', KEYS[1])\n"
	"if redis.call('exists', KEYS[3], KEYS[4]) == 0 then return existed end\n"
	"local P = ARGV[1]\n"
	LUA_WAITERS
	"wake_next()\n"
	"return existed\n", ""};

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
	LUA_FENCE
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
	"    tokens[i] = fence(KEYS[base + 2]) .. ':' .. ARGV[2]\n"
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
	"    redis.call('pexpire', KEYS[(i - 1) * 4 + 4], 2 * tonumber(ARGV[5]))\n"
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
 * makes a crashed worker's tasks due again without any daemon. An id that is in
 * flight and was enqueued again meanwhile is skipped until its run ends (ack,
 * release or expiry): taking it would run it twice at once, and the first run's
 * ack() would then remove the second run's reservation, losing it. Returns the
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
	"local busy = redis.call('exists', KEYS[2]) == 1\n"
	/* The count goes to LIMIT as the caller's string: as a Lua number, a count of
	 * 1e17 or more would come back in exponent form and be refused. */
	"local items = redis.call('zrangebyscore', KEYS[1], '-inf', now, 'withscores', 'limit', 0, ARGV[1])\n"
	"if busy and #items > 0 then\n"
	/* Leave out ids in flight; look further along for as many others. */
	"  local want, offset, kept = #items / 2, 0, {}\n"
	"  while #items > 0 do\n"
	"    for i = 1, #items, 2 do\n"
	"      if #kept < want * 2 and not redis.call('zscore', KEYS[2], items[i]) then\n"
	"        kept[#kept + 1] = items[i]; kept[#kept + 1] = items[i + 1]\n"
	"      end\n"
	"    end\n"
	"    offset = offset + #items / 2\n"
	"    if #kept >= want * 2 or #items / 2 < want then break end\n"
	"    items = redis.call('zrangebyscore', KEYS[1], '-inf', now, 'withscores', 'limit', string.format('%d', offset), string.format('%d', want))\n"
	"  end\n"
	"  items = kept\n"
	"end\n"
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
	/* The next moment something may be takeable: the first queued task that is not
	 * in flight, or the first reservation to expire (whose ack or release also
	 * wakes a waiter). */
	"local next_us = -1\n"
	"local function consider(sc) local us = math.floor(tonumber(sc) * 1000000); if next_us < 0 or us < next_us then next_us = us end end\n"
	"local first = redis.call('zrange', KEYS[2], 0, 0, 'withscores')\n"
	"if #first > 0 then consider(first[2]) end\n"
	"local queued = redis.call('zrange', KEYS[1], 0, 99, 'withscores')\n"
	"for i = 1, #queued, 2 do\n"
	"  if not busy or not redis.call('zscore', KEYS[2], queued[i]) then consider(queued[i + 1]); break end\n"
	"end\n"
	"if next_us < 0 then return -1 end\n"
	"return math.max(0, math.ceil((next_us - now_us) / 1000))\n", ""};

/* ARGV: count. Due tasks, lowest score first, without taking them. */
redislock_script redislock_script_top = {"top script",
	LUA_NOW
	"return redis.call('zrangebyscore', KEYS[1], '-inf', score(now_us), 'withscores', 'limit', 0, ARGV[1])\n", ""};

/* ARGV: id. Finishes a task that is in flight. If the id was enqueued again while
 * it ran, that run may start now: wake a worker for it. */
redislock_script redislock_script_ack = {"ack script",
	LUA_WAKE
	"if redis.call('zrem', KEYS[2], ARGV[1]) == 0 then return 0 end\n"
	"if redis.call('zscore', KEYS[1], ARGV[1]) then wake(1) end\n"
	"return 1\n", ""};

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
 * "exact", "suffix" (the random part after the colon only) or "force" (whoever
 * holds it). Deletes the lock while it holds our token, then leaves one wake-up
 * for a waiter blocked on this server (one is enough: the woken waiter's own
 * unlock wakes the next). */
redislock_script redislock_script_redlock_release = {"redlock unlock script",
	"local v = redis.call('get', KEYS[1])\n"
	"if ARGV[2] == 'suffix' then\n"
	"  if not v or string.sub(v, -(#ARGV[1] + 1)) ~= ':' .. ARGV[1] then return 0 end\n"
	"elseif ARGV[2] == 'force' then\n"
	"  if not v then return 0 end\n"
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

#define REDISLOCK_SCRIPT_ADDRESS(name) &redislock_script_##name,
static redislock_script *const all_scripts[] = {REDISLOCK_SCRIPTS(REDISLOCK_SCRIPT_ADDRESS)};

void redislock_scripts_startup(void)
{
	for (size_t i = 0; i < sizeof(all_scripts) / sizeof(all_scripts[0]); i++) {
		PHP_SHA1_CTX ctx;
		unsigned char digest[20];
		PHP_SHA1Init(&ctx);
		PHP_SHA1Update(&ctx, (const unsigned char *) all_scripts[i]->body, strlen(all_scripts[i]->body));
		PHP_SHA1Final(digest, &ctx);
		make_digest_ex(all_scripts[i]->sha, digest, 20);
	}
}
