/* The Lua scripts, each a named constant listed in REDISLOCK_SCRIPTS; their SHA1
 * is computed once at module startup. */
#include "php.h"
#include "redislock_scripts.h"
#include "ext/standard/sha1.h"
#include "ext/standard/md5.h"

/* ---- locks ---------------------------------------------------------------- *
 * A lock is the key K = prefix + name. Its value is the holder's token, and while
 * anyone waits for it, "<token>|<deadline>": the holder's deadline in ms of the
 * server's clock, the key itself then living GRACE ms longer. So:
 * - A free key means nobody has a claim on the lock: the uncontended acquisition
 *   is a plain SET NX PX, and the uncontended release a compare-and-delete.
 * - A queued waiter never loses its turn to a caller that does not wait: when the
 *   holder unlocks, the lock is promised to the head of the queue (K then names
 *   the head, for as long as its alive mark would last) and the head is woken to
 *   confirm it, which it does with the lifetime it asked for; when the holder's
 *   lifetime runs out instead, K stays (a holder past its deadline holds nothing)
 *   until the head comes for it, at the deadline. A head that died meanwhile
 *   never confirms, and its claim lapses with its alive mark.
 * Besides K, in K's cluster slot (see LUA_LOCK_KEYS; on a cluster the client
 * declares Q and M too, after K, so that a migrating slot is answered before a
 * script runs): the wait queue Q (zset of
 * waiter ids by arrival: strict FIFO), the lockMany() waiters M (zset of ids by
 * registration deadline), and per waiter P..'a:'..id (alive while the waiter keeps
 * coming back) and P..'w:'..id (the list it blocks on with BLPOP). A waiter that dies stops refreshing
 * its alive key; the next script that meets it at the head of the queue after the
 * key expired drops it, so a crash holds up the line for one alive period at most.
 * Every registration gives the queue a lifetime of two alive periods, so the queue
 * of a name nobody waits for any more vanishes by itself however its waiters
 * ended.
 * Tokens: "<hex>" from lock(), whose fencing number is drawn on demand (the fence
 * script), and "<fence>:<hex>" from addLock() and lockMany(). */

#define LUA_GRACE "local GRACE = " REDISLOCK_ALIVE_MS_STR "\n"

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

/* now: the server's clock in ms. owner(v): a lock value's token and, when waiters
 * are queued, its holder's deadline. */
#define LUA_OWNER \
	"local t0 = redis.call('time')\n" \
	"local now = tonumber(t0[1]) * 1000 + math.floor(tonumber(t0[2]) / 1000)\n" \
	"local now_us = t0[1] .. string.format('%06d', tonumber(t0[2]))\n" \
	"local function owner(v)\n" \
	"  local bar = string.find(v, '|', 1, true)\n" \
	"  if bar then\n" \
	"    local d = tonumber(string.sub(v, bar + 1))\n" \
	"    if d then return string.sub(v, 1, bar - 1), d end\n" \
	"  end\n" \
	"  return v, nil\n" \
	"end\n" \
	/* A token's random part: without the fencing number in front, if it has one. \
	 * The random part alone names a hold, so a token still names its hold once \
	 * fenceLock() has put a number in front of it (the caller may never have learnt \
	 * the new token: a lost reply, a copy handed on before), and the other way \
	 * round (a failover that lost the rewrite). */ \
	"local function bare(x)\n" \
	"  local r = string.match(x, '^%d+:(.*)$')\n" \
	"  return r or x\n" \
	"end\n" \
	"local function named(h, t) return h == t or bare(h) == bare(t) end\n" \
	"local function ms(n) return string.format('%d', n) end\n" \
	/* GET, with a key of another type (not ours to judge) as foreign. */ \
	"local function value(key)\n" \
	"  local v = redis.pcall('get', key)\n" \
	"  if type(v) == 'table' and v.err then return false, true end\n" \
	"  return v, false\n" \
	"end\n"

/* The sibling keys of lock key K, named as redislock_sibling_key() names them;
 * hint is redislock_sibling_hint() ('' or nil when the script can derive the tag). */
#define LUA_LOCK_KEYS \
	"local function siblings(K, hint)\n" \
	"  local tag = hint or ''\n" \
	"  if tag == '' then\n" \
	"    local open = string.find(K, '{', 1, true)\n" \
	"    if not open and not string.find(K, '}', 1, true) then\n" \
	"      local b = '{' .. K .. '}'\n" \
	"      return b .. ':queue', b .. ':many', b .. ':w:'\n" \
	"    end\n" \
	"    local close = string.find(K, '}', open + 1, true)\n" \
	"    tag = string.sub(K, open + 1, close - 1)\n" \
	"  end\n" \
	"  local b = '{' .. tag .. '}'\n" \
	"  return b .. ':queue:' .. K, b .. ':many:' .. K, b .. ':w::' .. K\n" \
	"end\n"

/* Wakes waiter id (P set): one token on its wake-up list, which lasts life ms. */
#define LUA_PUSH \
	"local function push(id, life)\n" \
	"  local w = P .. 'w:' .. id\n" \
	"  if redis.call('llen', w) == 0 then\n" \
	"    redis.call('rpush', w, '1')\n" \
	"    redis.call('pexpire', w, life)\n" \
	"  end\n" \
	"end\n"

/* Waiting helpers for one lock K, with Q, M, P set. A waiter's alive key holds
 * what it waits for: 'x' an exclusive hold, 'r' a shared one, 'p' the promotion of
 * its shared hold (queued first of all, at score 0). */
#define LUA_WAITERS \
	"local function kind(key) return redis.call('type', key)['ok'] end\n" \
	/* The first waiter still alive, and what it waits for; dead ones are dropped. */ \
	"local function head()\n" \
	"  while true do\n" \
	"    local first = redis.call('zrange', Q, 0, 0)[1]\n" \
	"    if not first then return nil, nil end\n" \
	"    local mode = redis.call('get', P .. 'a:' .. first)\n" \
	"    if mode then return first, mode end\n" \
	"    redis.call('zrem', Q, first)\n" \
	"  end\n" \
	"end\n" \
	LUA_PUSH \
	"local function waiting() return redis.call('exists', Q) == 1 or redis.call('exists', M) == 1 end\n" \
	/* Sets K for token until ms from now: marked when others wait. */ \
	"local function hold(token, life)\n" \
	"  if waiting() then\n" \
	"    redis.call('set', K, token .. '|' .. ms(now + life), 'px', life + GRACE)\n" \
	"  else\n" \
	"    redis.call('set', K, token, 'px', life)\n" \
	"  end\n" \
	"end\n" \
	/* Shared holds: K is a sorted set of their tokens by deadline (ms). It lives \
	 * as long as its longest hold, and GRACE longer while anyone waits, so that, \
	 * as for an exclusive holder, a free key means nobody has a claim. */ \
	"local function readers_live()\n" \
	"  redis.call('zremrangebyscore', K, '-inf', ms(now))\n" \
	"  return redis.call('zcard', K)\n" \
	"end\n" \
	"local function readers_ttl()\n" \
	"  local last = redis.call('zrange', K, -1, -1, 'withscores')\n" \
	"  if #last == 0 then return end\n" \
	"  local left = tonumber(last[2]) - now\n" \
	"  if waiting() then left = left + GRACE end\n" \
	"  redis.call('pexpire', K, ms(math.max(left, 1)))\n" \
	"end\n" \
	/* Promises shared holds to the run of shared waiters at the head of the queue, \
	 * each for as long as its alive mark would last; each is woken, leaves the \
	 * queue and confirms with its own lifetime. A bounded run per call: every \
	 * confirmation admits the next ones. */ \
	"local function admit()\n" \
	"  for i = 1, 100 do\n" \
	"    local h, mode = head()\n" \
	"    if mode ~= 'r' then return end\n" \
	"    local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)\n" \
	"    redis.call('zadd', K, ms(now + claim), 'shared:' .. h)\n" \
	"    redis.call('zrem', Q, h)\n" \
	"    push(h, claim + GRACE)\n" \
	"  end\n" \
	"end\n" \
	/* The lock is free: promise it to the head of the queue (K names the head, for \
	 * as long as the head's alive mark would last; the head stays queued until it \
	 * confirms, so the queue is not taken for empty) and wake it to confirm; a \
	 * shared head gets it with the shared waiters behind it; with nobody queued, \
	 * delete it and let every lockMany() waiter look again. */ \
	"local function hand_over()\n" \
	"  local h, mode = head()\n" \
	"  if not h then\n" \
	"    redis.call('del', K)\n" \
	"    if redis.call('exists', M) == 1 then\n" \
	"      redis.call('zremrangebyscore', M, '-inf', ms(now))\n" \
	"      for _, id in ipairs(redis.call('zrange', M, 0, -1)) do push(id, 60000) end\n" \
	"    end\n" \
	"    return\n" \
	"  end\n" \
	"  if mode == 'r' then\n" \
	"    redis.call('del', K)\n" \
	"    admit()\n" \
	"    readers_ttl()\n" \
	"    return\n" \
	"  end\n" \
	"  local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)\n" \
	"  redis.call('set', K, h .. '|' .. ms(now + claim), 'px', claim + GRACE)\n" \
	"  push(h, claim + GRACE)\n" \
	"end\n" \
	/* A shared hold ended, or a waiter left, while K is shared: serve whoever can \
	 * go now (the next in line, the shared run at the head, or a promotion that \
	 * only waited for the others). */ \
	"local function readers_changed()\n" \
	"  local n = readers_live()\n" \
	"  if n == 0 then return hand_over() end\n" \
	"  local h, mode = head()\n" \
	"  if mode == 'r' then\n" \
	"    admit()\n" \
	"  elseif mode == 'p' and n == 1 and redis.call('zscore', K, 'shared:' .. h) then\n" \
	"    push(h, 60000)\n" \
	"  end\n" \
	"  readers_ttl()\n" \
	"end\n" \
	/* Nobody waits any more: a held lock's value and lifetime are its own again, \
	 * so its release is the plain compare-and-delete. */ \
	"local function unmark()\n" \
	"  local t = kind(K)\n" \
	"  if t == 'zset' then return readers_changed() end\n" \
	"  if t ~= 'string' or waiting() then return end\n" \
	"  local holder, d = owner(redis.call('get', K))\n" \
	"  if d == nil then return end\n" \
	"  if holder ~= '' and d > now then\n" \
	"    redis.call('set', K, holder, 'px', d - now)\n" \
	"  elseif holder == '' then\n" \
	"    redis.call('del', K)\n" \
	"  end\n" \
	"end\n" \
	/* Someone waits: K must outlive its holders by GRACE. */ \
	"local function mark()\n" \
	"  local t = kind(K)\n" \
	"  if t == 'zset' then return readers_ttl() end\n" \
	"  if t ~= 'string' then return end\n" \
	"  local v = redis.call('get', K)\n" \
	"  if string.find(v, '|', 1, true) then return end\n" \
	"  local left = redis.call('pttl', K)\n" \
	"  if left > 0 then redis.call('set', K, v .. '|' .. ms(now + left), 'px', left + GRACE) end\n" \
	"end\n" \
	/* How long until it is worth looking again: until the first hold of K ends. */ \
	"local function wait_ms()\n" \
	"  local t = kind(K)\n" \
	"  if t == 'zset' then\n" \
	"    local first = redis.call('zrange', K, 0, 0, 'withscores')\n" \
	"    if #first == 0 then return 0 end\n" \
	"    return math.max(tonumber(first[2]) - now, 0)\n" \
	"  end\n" \
	"  if t == 'string' then\n" \
	"    local _, d = owner(redis.call('get', K))\n" \
	"    if d then return math.max(d - now, 0) end\n" \
	"  elseif t == 'none' then\n" \
	"    return 0\n" \
	"  end\n" \
	"  return redis.call('pttl', K)\n" \
	"end\n"

/* The part of every lock script that the uncontended case never builds. */
#define LUA_LOCK_SLOW(hint) \
	LUA_GRACE LUA_FENCE LUA_OWNER LUA_LOCK_KEYS \
	"local K = KEYS[1]\n" \
	"local Q, M, P = siblings(K, " hint ")\n" \
	LUA_WAITERS

/* A waiter's attempt (lock() or lockShared() after a busy first try, each of its
 * rounds, addLock(), a promotion, a demotion). KEYS: K (on a cluster then Q and
 * M), and last, for a "<fence>:<hex>" token, the fencing counter of K's slot.
 * ARGV: waiter id (the token's random part), lifetime ms, what to do when busy
 * ('0' nothing, '1' queue up, '2' the waiter's last attempt: leave the queue,
 * which also passes the turn on), '1' for a fenced token ('' for a plain one),
 * alive ms, sibling hint, and what it wants: 'x' (or '') an exclusive hold, 'r' a
 * shared one, 'p' the promotion of its shared hold to exclusive. Returns the token
 * when the lock is ours (free, promised to us, converted), otherwise the ms until
 * it is worth looking again (-1: a key without a lifetime, which is never taken
 * over; -4: a promotion refused because another holder's promotion waits; -5: a
 * promotion of a share that is not held any more). */
redislock_script redislock_script_acquire = {"lock script",
	LUA_LOCK_SLOW("ARGV[6]")
	"local id, life, want = ARGV[1], tonumber(ARGV[2]), ARGV[7]\n"
	"if want == nil or want == '' then want = 'x' end\n"
	"local share = 'shared:' .. id\n"
	/* A caller that does not wait was never queued. */
	"local function leave_queue()\n"
	"  if ARGV[3] == '0' then return end\n"
	"  redis.call('zrem', Q, id)\n"
	"  redis.call('del', P .. 'a:' .. id, P .. 'w:' .. id)\n"
	"end\n"
	/* Takes it in the mode asked for; returns the token. */
	"local function take()\n"
	"  leave_queue()\n"
	"  if want == 'r' then\n"
	"    if kind(K) ~= 'zset' then redis.call('del', K) end\n"
	"    redis.call('zadd', K, ms(now + life), share)\n"
	"    admit()\n"
	"    readers_ttl()\n"
	"    return share\n"
	"  end\n"
	"  local token = id\n"
	"  if ARGV[4] ~= '' then token = fence(KEYS[#KEYS]) .. ':' .. id end\n"
	"  hold(token, life)\n"
	"  return token\n"
	"end\n"
	"local t, free = kind(K), false\n"
	/* A promotion is of a share we still hold; without one there is nothing to \
	 * promote (the caller acquires afresh, in its turn): leave the front of the \
	 * queue, and pass on a lock promised to us as its head. */
	"if want == 'p' then\n"
	"  local live = false\n"
	"  if t == 'zset' then\n"
	"    readers_live()\n"
	"    live = redis.call('zscore', K, share) ~= false\n"
	"    t = kind(K)\n"
	"  end\n"
	"  if not live then\n"
	"    leave_queue()\n"
	"    if t == 'string' and owner(redis.call('get', K)) == id then hand_over() end\n"
	"    unmark()\n"
	"    return -5\n"
	"  end\n"
	"end\n"
	"if t == 'zset' then\n"
	"  local n = readers_live()\n"
	"  local mine = redis.call('zscore', K, share)\n"
	"  if n == 0 then\n"
	"    free = true\n"
	"  elseif want == 'r' then\n"
	/* Ours already (a promise to confirm), or shared with nobody queued ahead. */
	"    if mine then return take() end\n"
	"    local h = head()\n"
	"    if not h or h == id then return take() end\n"
	"  elseif want == 'p' and mine then\n"
	"    if n == 1 then return take() end\n"
	"    local h, mode = head()\n"
	"    if h and h ~= id and mode == 'p' then\n"
	"      leave_queue()\n"
	"      return -4\n"
	"    end\n"
	"  end\n"
	"elseif t == 'string' then\n"
	"  local v = redis.call('get', K)\n"
	"  local holder, d = owner(v)\n"
	/* Promised to us; or, for a shared hold, ours exclusively: a demotion. */
	"  if holder == id and want ~= 'r' then return take() end\n"
	"  if want == 'r' and (holder == id or string.sub(holder, -(#id + 1)) == ':' .. id) and (not d or d > now) then return take() end\n"
	"  if d and d <= now then free = true end\n"
	"elseif t == 'none' then\n"
	"  free = true\n"
	"else\n"
	"  return redis.call('pttl', K)\n"
	"end\n"
	"if free then\n"
	/* Free, or its holder's time is up: ours when nobody alive is queued ahead; \
	 * otherwise promised to the head of the queue (which may be blocked until \
	 * later), with us in it if we are in the shared run at the head. */
	"  local h = head()\n"
	"  if not h or h == id then return take() end\n"
	"  hand_over()\n"
	"  if want == 'r' and redis.call('zscore', K, share) then return take() end\n"
	"end\n"
	"local busy_ms = wait_ms()\n"
	"if ARGV[3] == '2' then\n"
	"  leave_queue()\n"
	"  unmark()\n"
	"elseif ARGV[3] == '1' then\n"
	"  if want == 'p' then\n"
	"    redis.call('zadd', Q, 0, id)\n"
	"  else\n"
	"    redis.call('zadd', Q, 'nx', now_us, id)\n"
	"  end\n"
	"  redis.call('pexpire', Q, 2 * tonumber(ARGV[5]))\n"
	"  redis.call('set', P .. 'a:' .. id, want, 'px', ARGV[5])\n"
	"  mark()\n"
	"end\n"
	"return busy_ms\n", ""};

/* KEYS: K. ARGV: token, then when needed 's' to match its random part only (a
 * lost reply: we never learnt the fencing number, or whether the hold was shared;
 * '' otherwise) and the sibling hint: the common case sends the token alone.
 * Deletes the lock only while it still holds our token: if it expired and another
 * client took it, the key holds their token and stays. With waiters queued, the
 * lock goes to the head of the queue instead. A shared hold leaves the set of
 * shared holds, and the last one out hands the lock over. */
redislock_script redislock_script_unlock = {"unlock script",
	"local v = redis.pcall('get', KEYS[1])\n"
	"if v == ARGV[1] then return redis.call('del', KEYS[1]) end\n"
	"if not v then return 0 end\n"
	LUA_LOCK_SLOW("ARGV[3]")
	"if ARGV[2] == 's' then\n"
	/* An orphan of a waiter (its wait failed): it leaves the queue, or the lock \
	 * would be promised to it again. */
	"  redis.call('zrem', Q, ARGV[1])\n"
	"  redis.call('del', P .. 'a:' .. ARGV[1])\n"
	"end\n"
	"if type(v) ~= 'string' then\n"
	"  if kind(K) ~= 'zset' then return 0 end\n"
	"  local member = ARGV[1]\n"
	"  if ARGV[2] == 's' then member = 'shared:' .. ARGV[1] end\n"
	/* A share past its deadline is not held any more: removed, not reported. */
	"  local sc = redis.call('zscore', K, member)\n"
	"  local removed = 0\n"
	"  if sc and redis.call('zrem', K, member) == 1 and tonumber(sc) > now then removed = 1 end\n"
	"  readers_changed()\n"
	"  return removed\n"
	"end\n"
	"local holder, d = owner(v)\n"
	"local mine = named(holder, ARGV[1]) or (ARGV[2] == 's' and string.sub(holder, -(#ARGV[1] + 1)) == ':' .. ARGV[1])\n"
	"if d == nil then\n"
	"  if not mine then return 0 end\n"
	"  redis.call('del', K)\n"
	"  return 1\n"
	"end\n"
	"if d <= now then\n"
	/* Its time is up: not ours any more, but free for the next in line. */
	"  hand_over()\n"
	"  return 0\n"
	"end\n"
	"if not mine then return 0 end\n"
	"hand_over()\n"
	"return 1\n", ""};

/* KEYS: K. ARGV: sibling hint. Removes every hold on the lock, exclusive or
 * shared, whoever has it, and hands it to the next in line: for operators, and for
 * framework adapters that offer a forced release. Returns 1 when there was a hold
 * to remove. */
redislock_script redislock_script_force_unlock = {"forceUnlock script",
	LUA_LOCK_SLOW("ARGV[1]")
	"local t = kind(K)\n"
	"if t == 'none' then return 0 end\n"
	"if t == 'zset' then\n"
	"  local n = readers_live()\n"
	"  redis.call('del', K)\n"
	"  hand_over()\n"
	"  if n > 0 then return 1 end\n"
	"  return 0\n"
	"end\n"
	"if t ~= 'string' then return redis.call('del', K) end\n"
	"local holder, d = owner(redis.call('get', K))\n"
	"if d == nil then\n"
	"  redis.call('del', K)\n"
	"  return 1\n"
	"end\n"
	"hand_over()\n"
	"if holder ~= '' and d > now then return 1 end\n"
	"return 0\n", ""};

/* KEYS: K (on a cluster then Q and M). ARGV: token, lifetime ms, sibling hint. A
 * new lifetime, only while the lock holds our token, exclusively or shared. */
redislock_script redislock_script_extend = {"expire script",
	"local v = redis.pcall('get', KEYS[1])\n"
	"if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end\n"
	"if not v then return 0 end\n"
	LUA_LOCK_SLOW("ARGV[3]")
	"local life = tonumber(ARGV[2])\n"
	/* A hold that ends earlier than it did: the head of the queue may block until \
	 * the old deadline, and is woken to look again. Not when the new lifetime is \
	 * GRACE or longer: a live waiter comes back within that anyway (every \
	 * REDISLOCK_WAIT_ROUND, which its alive mark of GRACE outlasts) and then blocks \
	 * no longer than the new deadline. So a holder that takes a long lifetime and \
	 * sets its real one at once (symfony's Lock does) costs its waiters nothing. */
	"local function shortened(old)\n"
	"  if now + life < old and life < GRACE then\n"
	"    local h = head()\n"
	"    if h then push(h, 60000) end\n"
	"  end\n"
	"end\n"
	"if type(v) ~= 'string' then\n"
	"  if kind(K) ~= 'zset' then return 0 end\n"
	"  local s = redis.call('zscore', K, ARGV[1])\n"
	"  if not s or tonumber(s) <= now then return 0 end\n"
	"  redis.call('zadd', K, 'xx', ms(now + life), ARGV[1])\n"
	"  readers_ttl()\n"
	"  shortened(tonumber(s))\n"
	"  return 1\n"
	"end\n"
	"local holder, d = owner(v)\n"
	"if not named(holder, ARGV[1]) then return 0 end\n"
	"if not d then return redis.call('pexpire', K, ARGV[2]) end\n"
	"if d <= now then return 0 end\n"
	"redis.call('set', K, holder .. '|' .. ms(now + life), 'px', life + GRACE)\n"
	"shortened(d)\n"
	"return 1\n", ""};

/* KEYS: K. ARGV: token. The remaining lifetime in ms while the lock holds our
 * token, exclusively or shared (-1: the key has no expiry), else -3. With an empty
 * token: the remaining lifetime of whoever holds it, the longest shared hold for a
 * shared lock (a key of another type counts as held), else -3. */
redislock_script redislock_script_ttl = {"ttl script",
	"local v = redis.pcall('get', KEYS[1])\n"
	"if type(v) == 'string' and (v == ARGV[1] or (ARGV[1] == '' and not string.find(v, '|', 1, true))) then\n"
	"  return redis.call('pttl', KEYS[1])\n"
	"end\n"
	"if not v then return -3 end\n"
	LUA_OWNER
	"if type(v) ~= 'string' then\n"
	"  if redis.call('type', KEYS[1])['ok'] ~= 'zset' then\n"
	"    if ARGV[1] == '' then return redis.call('pttl', KEYS[1]) end\n"
	"    return -3\n"
	"  end\n"
	"  local s\n"
	"  if ARGV[1] == '' then\n"
	"    s = redis.call('zrange', KEYS[1], -1, -1, 'withscores')[2]\n"
	"  else\n"
	"    s = redis.call('zscore', KEYS[1], ARGV[1])\n"
	"  end\n"
	"  if not s or tonumber(s) <= now then return -3 end\n"
	"  return tonumber(s) - now\n"
	"end\n"
	"local holder, d = owner(v)\n"
	"if ARGV[1] == '' then\n"
	"  if not d then return redis.call('pttl', KEYS[1]) end\n"
	"  if holder == '' then return -3 end\n"
	"elseif not named(holder, ARGV[1]) then\n"
	"  return -3\n"
	"elseif not d then\n"
	"  return redis.call('pttl', KEYS[1])\n"
	"end\n"
	"if d <= now then return -3 end\n"
	"return d - now\n", ""};

/* KEYS: K, the fencing counter of K's slot. ARGV: a token. Draws the number while
 * the lock still holds the token and puts it in front of the token, lifetime kept;
 * returns the new token, or 0 when the lock is not held with it. Numbers drawn only
 * while holding the lock grow from holder to holder, as their holds follow one
 * another. Idempotent: a token that already has a number, or whose number was
 * drawn by an earlier call (its reply lost), gets the fenced token that holds. */
redislock_script redislock_script_fence = {"fencingToken script",
	"local v = redis.pcall('get', KEYS[1])\n"
	"if type(v) ~= 'string' then return 0 end\n"
	LUA_FENCE LUA_OWNER
	"local holder, d = owner(v)\n"
	"if d and d <= now then return 0 end\n"
	"if not named(holder, ARGV[1]) then return 0 end\n"
	"if bare(holder) ~= holder then return holder end\n"
	"local token = fence(KEYS[2]) .. ':' .. holder\n"
	"if d then token = token .. '|' .. ms(d) end\n"
	"redis.call('set', KEYS[1], token, 'keepttl')\n"
	"return string.match(token, '^[^|]*')\n", ""};

/* lockMany(): KEYS are, for each name in turn, the fencing counter and the lock key
 * (on a cluster also its two queue keys; see lock_keys in redislock_lock.c).
 * ARGV: count n, token hex, lifetime ms, waiter id ('' = do not wait), alive ms,
 * then the n sibling hints. All free, with nobody queued on any of them: take all,
 * each with its own fencing number, and return the tokens. Otherwise take nothing,
 * register the waiter on every name, mark the held ones so that their unlock wakes
 * it, and return the ms until it is worth looking again. Taking them all at once
 * is what makes two callers locking [a, b] and [b, a] unable to deadlock. */
redislock_script redislock_script_acquire_many = {"lockMany script",
	LUA_GRACE LUA_FENCE LUA_OWNER LUA_LOCK_KEYS
	"local n = tonumber(ARGV[1])\n"
	"local stride = #KEYS / n\n"
	"local names = {}\n"
	"for i = 1, n do\n"
	"  local K = KEYS[stride * (i - 1) + 2]\n"
	"  local q, m, p = siblings(K, ARGV[5 + i])\n"
	"  names[i] = {key = K, counter = KEYS[stride * (i - 1) + 1], queue = q, many = m, prefix = p}\n"
	"end\n"
	/* The alive head of name i's queue, if any. */
	"local function queued(x)\n"
	"  while true do\n"
	"    local first = redis.call('zrange', x.queue, 0, 0)[1]\n"
	"    if not first or redis.call('exists', x.prefix .. 'a:' .. first) == 1 then return first end\n"
	"    redis.call('zrem', x.queue, first)\n"
	"  end\n"
	"end\n"
	"local busy_ms = nil\n"
	"for i = 1, n do\n"
	"  local x = names[i]\n"
	"  local v, foreign = value(x.key)\n"
	"  local holder, d = nil, nil\n"
	"  if v then holder, d = owner(v) end\n"
	"  if foreign or (v and (d == nil or d > now)) then\n"
	"    local left = d and (d - now) or redis.call('pttl', x.key)\n"
	"    if not busy_ms or left < busy_ms then busy_ms = left end\n"
	"  else\n"
	"    local h = queued(x)\n"
	"    if h then\n"
	"      local left = redis.call('pttl', x.prefix .. 'a:' .. h)\n"
	"      if not busy_ms or left < busy_ms then busy_ms = left end\n"
	"    end\n"
	"  end\n"
	"end\n"
	"if not busy_ms then\n"
	"  local tokens = {}\n"
	"  local life = tonumber(ARGV[3])\n"
	"  for i = 1, n do\n"
	"    local x = names[i]\n"
	"    if ARGV[4] ~= '' then\n"
	"      redis.call('zrem', x.many, ARGV[4])\n"
	"      redis.call('del', x.prefix .. 'w:' .. ARGV[4])\n"
	"    end\n"
	"    tokens[i] = fence(x.counter) .. ':' .. ARGV[2]\n"
	"    if redis.call('exists', x.queue) == 1 or redis.call('exists', x.many) == 1 then\n"
	"      redis.call('set', x.key, tokens[i] .. '|' .. ms(now + life), 'px', life + GRACE)\n"
	"    else\n"
	"      redis.call('set', x.key, tokens[i], 'px', life)\n"
	"    end\n"
	"  end\n"
	"  return tokens\n"
	"end\n"
	"if ARGV[4] ~= '' then\n"
	"  local alive = tonumber(ARGV[5])\n"
	"  for i = 1, n do\n"
	"    local x = names[i]\n"
	"    redis.call('zadd', x.many, ms(now + alive), ARGV[4])\n"
	"    redis.call('pexpire', x.many, 2 * alive)\n"
	"    local v = value(x.key)\n"
	"    if v and not string.find(v, '|', 1, true) then\n"
	"      local left = redis.call('pttl', x.key)\n"
	"      if left > 0 then redis.call('set', x.key, v .. '|' .. ms(now + left), 'px', left + GRACE) end\n"
	"    end\n"
	"  end\n"
	"end\n"
	"return busy_ms\n", ""};

/* lockMany() gives up: KEYS: the n lock keys (on a cluster each followed by its two
 * queue keys). ARGV: count n, waiter id, then the n
 * sibling hints. */
redislock_script redislock_script_leave_many = {"lockMany wait script",
	LUA_GRACE LUA_FENCE LUA_OWNER LUA_LOCK_KEYS
	"local n, Q, M, P, K = tonumber(ARGV[1]), nil, nil, nil, nil\n"
	LUA_WAITERS
	"for i = 1, n do\n"
	"  K = KEYS[(#KEYS / n) * (i - 1) + 1]\n"
	"  Q, M, P = siblings(K, ARGV[2 + i])\n"
	"  redis.call('zrem', M, ARGV[2])\n"
	"  redis.call('del', P .. 'w:' .. ARGV[2])\n"
	"  unmark()\n"
	"end\n"
	"return 1\n", ""};

/* ---- semaphores ------------------------------------------------------------ *
 * A semaphore is the key S = prefix + name: a sorted set of its acquisitions,
 * member "<permits>:<id>", score the acquisition's deadline (ms of the server's
 * clock). It lives as long as its longest acquisition, so a crashed holder's
 * permits come back when its own lifetime ends. Waiters queue as for locks, in S's
 * cluster slot: Q (zset of ids by arrival: strict FIFO; on a cluster the client
 * declares it after S), per waiter P..'a:'..id (alive while it keeps coming back,
 * holding "<permits>:<limit>") and P..'w:'..id (the list it blocks on). Every
 * acquisition goes through a script that looks at the queue, so nobody gets in
 * ahead of a waiter, and S needs no grace period after its holders. */
#define LUA_SEMAPHORE_KEYS(hint) \
	LUA_GRACE LUA_LOCK_KEYS \
	"local S = KEYS[1]\n" \
	"local Q, _, P = siblings(S, " hint ")\n"

/* What the calls that find or leave waiters need, with S, Q, P set. */
#define LUA_SEMAPHORE_WAITERS \
	LUA_PUSH \
	/* Drops lapsed acquisitions; the permits held by the others. */ \
	"local function used()\n" \
	"  redis.call('zremrangebyscore', S, '-inf', ms(now))\n" \
	"  local n = 0\n" \
	"  for _, m in ipairs(redis.call('zrange', S, 0, -1)) do n = n + (tonumber(string.match(m, '^%d+')) or 0) end\n" \
	"  return n\n" \
	"end\n" \
	/* The first waiter still alive, with the permits it asks for and its limit. */ \
	"local function head()\n" \
	"  while true do\n" \
	"    local first = redis.call('zrange', Q, 0, 0)[1]\n" \
	"    if not first then return nil end\n" \
	"    local asks = redis.call('get', P .. 'a:' .. first)\n" \
	"    if asks then\n" \
	"      local p, l = string.match(asks, '^(%d+):(%d+)$')\n" \
	"      return first, tonumber(p), tonumber(l)\n" \
	"    end\n" \
	"    redis.call('zrem', Q, first)\n" \
	"  end\n" \
	"end\n" \
	/* Promises permits to the waiters at the head of the queue, in order, while \
	 * theirs fit (u permits held): each for as long as its alive mark would last; \
	 * each is woken, leaves the queue and confirms with its own lifetime. The \
	 * first that does not fit stops the rest. Returns the permits then held. */ \
	"local function admit(u)\n" \
	"  for i = 1, 100 do\n" \
	"    local h, p, l = head()\n" \
	"    if not h or u + p > l then return u end\n" \
	"    local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)\n" \
	"    redis.call('zadd', S, ms(now + claim), p .. ':' .. h)\n" \
	"    redis.call('zrem', Q, h)\n" \
	"    push(h, claim + GRACE)\n" \
	"    outlive(now + claim)\n" \
	"    u = u + p\n" \
	"  end\n" \
	"  return u\n" \
	"end\n"

/* The semaphore key lives at least until deadline d (ms). It is given twice
 * that long when it must grow, so that a stream of acquisitions does not rewrite
 * its lifetime every time; lapsed acquisitions in it are dropped as they are met,
 * and an empty set is gone at once. */
#define LUA_OUTLIVE \
	"local function outlive(d)\n" \
	"  if redis.call('pttl', S) < d - now then redis.call('pexpire', S, ms(2 * (d - now))) end\n" \
	"end\n"

/* KEYS: S (on a cluster then Q). ARGV: waiter id (the token's random part),
 * permits, limit, lifetime ms, what to do when busy ('0' nothing, '1' queue up,
 * '2' the last attempt: leave the queue), alive ms, sibling hint. Returns the
 * token "<permits>:<id>" when the permits are ours (free with nobody queued
 * ahead, or promised to us), otherwise the ms until the first acquisition ends
 * (-1: none). */
redislock_script redislock_script_sem_acquire = {"semaphore acquire script",
	LUA_SEMAPHORE_KEYS("ARGV[7]")
	"local id, permits, limit, life = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])\n"
	"local token = ARGV[2] .. ':' .. id\n"
	"local waits = ARGV[5] ~= '0'\n"
	LUA_OWNER LUA_OUTLIVE
	/* Ours: a promise confirmed with our own lifetime, or free permits taken. */
	"local function take()\n"
	"  redis.call('zadd', S, ms(now + life), token)\n"
	"  if waits then\n"
	"    redis.call('zrem', Q, id)\n"
	"    redis.call('del', P .. 'a:' .. id, P .. 'w:' .. id)\n"
	"  end\n"
	"  outlive(now + life)\n"
	"  return token\n"
	"end\n"
	/* Only a caller that waited can hold a promise. */
	"if waits and redis.call('zscore', S, token) then return take() end\n"
	"local queued = redis.call('exists', Q) == 1\n"
	LUA_SEMAPHORE_WAITERS
	"local u = used()\n"
	"if queued then\n"
	"  u = admit(u)\n"
	"  if waits and redis.call('zscore', S, token) then return take() end\n"
	"end\n"
	"if u + permits <= limit and not (queued and head()) then return take() end\n"
	"local first = redis.call('zrange', S, 0, 0, 'withscores')\n"
	"local busy_ms = -1\n"
	"if #first > 0 then busy_ms = math.max(tonumber(first[2]) - now, 0) end\n"
	"if ARGV[5] == '2' then\n"
	"  redis.call('zrem', Q, id)\n"
	"  redis.call('del', P .. 'a:' .. id, P .. 'w:' .. id)\n"
	"  admit(used())\n"
	"elseif ARGV[5] == '1' then\n"
	"  redis.call('zadd', Q, 'nx', now_us, id)\n"
	"  redis.call('pexpire', Q, 2 * tonumber(ARGV[6]))\n"
	"  redis.call('set', P .. 'a:' .. id, ARGV[2] .. ':' .. ARGV[3], 'px', ARGV[6])\n"
	"end\n"
	"return busy_ms\n", ""};

/* KEYS: S (on a cluster then Q). ARGV: token, then 's' to match by the random
 * part only (a lost reply: an acquisition we never learnt, or a waiter whose wait
 * failed; '' otherwise), sibling hint. Gives the permits back and, when anyone
 * waits, promises them to the next in line. Returns how many acquisitions were
 * removed. */
redislock_script redislock_script_sem_release = {"semaphore release script",
	LUA_SEMAPHORE_KEYS("ARGV[3]") LUA_OWNER
	/* An acquisition past its deadline is not held any more: removed, not counted. */
	"local removed = 0\n"
	"local function remove(m)\n"
	"  local sc = redis.call('zscore', S, m)\n"
	"  if sc and redis.call('zrem', S, m) == 1 and tonumber(sc) > now then removed = removed + 1 end\n"
	"end\n"
	"if ARGV[2] == 's' then\n"
	"  redis.call('zrem', Q, ARGV[1])\n"
	"  redis.call('del', P .. 'a:' .. ARGV[1], P .. 'w:' .. ARGV[1])\n"
	"  for _, m in ipairs(redis.call('zrange', S, 0, -1)) do\n"
	"    if string.sub(m, -(#ARGV[1] + 1)) == ':' .. ARGV[1] then remove(m) end\n"
	"  end\n"
	"else\n"
	"  remove(ARGV[1])\n"
	"end\n"
	"if redis.call('exists', Q) == 0 then return removed end\n"
	LUA_OUTLIVE LUA_SEMAPHORE_WAITERS
	"admit(used())\n"
	"return removed\n", ""};

/* KEYS: S (on a cluster then Q). ARGV: token, lifetime ms, sibling hint. A new
 * lifetime while the acquisition is held. One that now ends earlier wakes the
 * head of the queue, which blocks until the first acquisition it saw ends. */
redislock_script redislock_script_sem_extend = {"semaphore extend script",
	LUA_SEMAPHORE_KEYS("ARGV[3]") LUA_OWNER LUA_OUTLIVE
	"local s = redis.call('zscore', S, ARGV[1])\n"
	"if not s or tonumber(s) <= now then return 0 end\n"
	"local d = now + tonumber(ARGV[2])\n"
	"redis.call('zadd', S, 'xx', ms(d), ARGV[1])\n"
	"outlive(d)\n"
	/* Shortened: the head is woken, unless the new lifetime is GRACE or longer (see \
	 * the lock's extend script). */
	"if d < tonumber(s) and tonumber(ARGV[2]) < GRACE and redis.call('exists', Q) == 1 then\n"
	LUA_SEMAPHORE_WAITERS
	"  local h = head()\n"
	"  if h then push(h, 60000) end\n"
	"end\n"
	"return 1\n", ""};

/* KEYS: S. ARGV: a token, or '' for all. The permits held now, lapsed acquisitions
 * left out; with a token, the ms its acquisition still has (-3: not held). */
redislock_script redislock_script_sem_count = {"semaphore count script",
	LUA_OWNER
	"if ARGV[1] ~= '' then\n"
	"  local s = redis.call('zscore', KEYS[1], ARGV[1])\n"
	"  if not s or tonumber(s) <= now then return -3 end\n"
	"  return tonumber(s) - now\n"
	"end\n"
	"local n = 0\n"
	"for _, m in ipairs(redis.call('zrangebyscore', KEYS[1], '(' .. ms(now), '+inf')) do\n"
	"  n = n + (tonumber(string.match(m, '^%d+')) or 0)\n"
	"end\n"
	"return n\n", ""};

/* ---- queues --------------------------------------------------------------- *
 * A queue is five keys in one cluster slot, always passed in this order:
 * KEYS[1] Z the queue (zset: member task id, score its due time in seconds),
 * KEYS[2] F the tasks in flight (zset: score the reservation's deadline),
 * KEYS[3] W the wake-up list blocked workers BLPOP on,
 * KEYS[4] H the reservations' records (hash: id => "<receipt>|<attempts>|<max
 *         attempts>|<backoff s>", the receipt empty between reservations),
 * KEYS[5] D the dead letters (zset: score the time the task died).
 * A task's attempts count its reservations since it was last finished (ack, pop,
 * retryDead); its record goes with it. "Now" is always the server's TIME, never a
 * web server's clock, so app servers with skewed clocks cannot reorder or delay
 * tasks. Scores are formatted with %.17g because Lua's own number-to-string keeps
 * only 14 digits. */

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

/* Wake blocked workers of wake-up list W: a few tokens, capped, and expiring if
 * nobody listens. wake_one() passes the turn on: a token still in the list means
 * no worker is blocked on it (a blocked one would have taken it), so one is
 * enough. */
#define LUA_WAKE \
	"local function wake(W, n)\n" \
	"  if n <= 0 then return end\n" \
	"  for i = 1, math.min(n, 16) do redis.call('lpush', W, '1') end\n" \
	"  redis.call('ltrim', W, 0, 15)\n" \
	"  redis.call('pexpire', W, 300000)\n" \
	"end\n" \
	"local function wake_one(W)\n" \
	"  if redis.call('llen', W) == 0 then\n" \
	"    redis.call('lpush', W, '1')\n" \
	"    redis.call('pexpire', W, 300000)\n" \
	"  end\n" \
	"end\n"

/* A task's record, and what ends a reservation: settle() makes a reservation
 * whose deadline passed (or that was released) due again, after the backoff its
 * attempts call for, or dead when it has used them up. */
#define LUA_TASKS \
	LUA_NOW LUA_CHUNKED LUA_WAKE \
	"local function record(H, id)\n" \
	"  local v = redis.call('hget', H, id)\n" \
	"  if not v then return nil, 0, 0, 0 end\n" \
	"  local r, a, m, b = string.match(v, '^([^|]*)|(%d+)|(%d+)|([^|]*)$')\n" \
	"  if not r then return nil, 0, 0, 0 end\n" \
	"  return r, tonumber(a), tonumber(m), tonumber(b) or 0\n" \
	"end\n" \
	"local function set_record(H, id, r, a, m, b)\n" \
	"  redis.call('hset', H, id, r .. '|' .. string.format('%d', a) .. '|' .. string.format('%d', m) .. '|' .. b)\n" \
	"end\n" \
	/* A reservation of id (no longer in F) ends without an ack: back into Z after \
	 * delay_us (the backoff when nil), or into D, also out of Z if it was enqueued \
	 * again meanwhile: an id is dead or alive, never both (retryDead() revives). */ \
	"local function settle(Z, H, D, id, delay_us)\n" \
	"  local r, a, m, b = record(H, id)\n" \
	"  if m > 0 and a >= m then\n" \
	"    redis.call('zadd', D, score(now_us), id)\n" \
	"    redis.call('zrem', Z, id)\n" \
	"  else\n" \
	"    if not delay_us then\n" \
	"      delay_us = 0\n" \
	"      if b > 0 and a > 0 then delay_us = math.floor(math.min(b * 2 ^ (a - 1), 3600) * 1000000) end\n" \
	"    end\n" \
	"    redis.call('zadd', Z, 'nx', score(now_us + delay_us), id)\n" \
	"  end\n" \
	"  if r then set_record(H, id, '', a, m, string.format('%.17g', b)) end\n" \
	"end\n" \
	/* Settles the reservations of queue keys (Z, F, H, D) whose deadline passed: \
	 * that is what makes a crashed worker's tasks due again without any daemon. \
	 * Returns whether tasks are still in flight. */ \
	"local function settle_expired(Z, F, H, D)\n" \
	"  if redis.call('exists', F) == 0 then return false end\n" \
	"  local expired = redis.call('zrangebyscore', F, '-inf', score(now_us), 'limit', 0, 1000)\n" \
	"  for _, id in ipairs(expired) do\n" \
	"    redis.call('zrem', F, id)\n" \
	"    settle(Z, H, D, id, nil)\n" \
	"  end\n" \
	"  return redis.call('exists', F) == 1\n" \
	"end\n" \
	/* Whether the current reservation of id has receipt ('' matches any). */ \
	"local function ours(H, id, receipt)\n" \
	"  if receipt == '' then return true end\n" \
	"  return (record(H, id)) == receipt\n" \
	"end\n"

/* ARGV: delay seconds, replace flag, ids... An id already queued keeps its due time
 * unless replace is set (ZADD NX versus plain ZADD). A dead id enqueued again
 * leaves the dead letters and starts with its attempts forgotten. */
redislock_script redislock_script_enqueue = {"enqueue script",
	LUA_NOW LUA_CHUNKED LUA_WAKE
	"if redis.call('exists', KEYS[5]) == 1 then\n"
	"  for i = 3, #ARGV do\n"
	"    if redis.call('zrem', KEYS[5], ARGV[i]) == 1 then redis.call('hdel', KEYS[4], ARGV[i]) end\n"
	"  end\n"
	"end\n"
	"local due = score(us_after(ARGV[1]))\n"
	"local members = {}\n"
	"for i = 3, #ARGV do members[#members + 1] = due; members[#members + 1] = ARGV[i] end\n"
	"local head = {'zadd', KEYS[1]}\n"
	"if ARGV[2] == '1' then head[3] = 'ch' else head[3] = 'nx' end\n"
	"local changed = chunked(head, members)\n"
	"wake(KEYS[3], changed)\n"
	"return changed\n", ""};

/* ARGV: id, score. Remove only if the stored score is still exactly that score. */
redislock_script redislock_script_dequeue = {"dequeue script",
	"local s = redis.call('zscore', KEYS[1], ARGV[1])\n"
	"if s and tonumber(s) == tonumber(ARGV[2]) then\n"
	"  redis.call('zrem', KEYS[1], ARGV[1])\n"
	/* Its record goes with it, unless a run of it is in flight (the record is \
	 * that run's). */
	"  if #KEYS >= 5 and not redis.call('zscore', KEYS[2], ARGV[1]) then redis.call('hdel', KEYS[4], ARGV[1]) end\n"
	"  return 1\n"
	"end\n"
	"return 0\n", ""};

/* KEYS: the five keys of each queue, in the caller's order of preference.
 * ARGV: count, mode ('pop' or 'reserve'), visibility seconds, waiting flag,
 * receipt base (random hex), max attempts, backoff seconds.
 * Takes up to count due tasks from the first queue that has any. An id that is in
 * flight and was enqueued again meanwhile is skipped until its run ends (ack,
 * release or expiry): taking it would run it twice at once. Returns
 * [queue index, id, score, ...] for pop, [queue index, id, score, receipt,
 * attempts, ...] for reserve, or, when nothing is due, the milliseconds until
 * something might be (-1: nothing scheduled) for a waiting caller. */
redislock_script redislock_script_take = {"pop script",
	LUA_TASKS
	"local now = score(now_us)\n"
	"local reserve = ARGV[2] == 'reserve'\n"
	"local next_us = -1\n"
	"local function consider(sc) local us = math.floor(tonumber(sc) * 1000000); if next_us < 0 or us < next_us then next_us = us end end\n"
	"for q = 1, #KEYS / 5 do\n"
	"  local Z, F, W, H, D = KEYS[5 * q - 4], KEYS[5 * q - 3], KEYS[5 * q - 2], KEYS[5 * q - 1], KEYS[5 * q]\n"
	"  local busy = settle_expired(Z, F, H, D)\n"
	/* The count goes to LIMIT as the caller's string: as a Lua number, a count of \
	 * 1e17 or more would come back in exponent form and be refused. */
	"  local items = redis.call('zrangebyscore', Z, '-inf', now, 'withscores', 'limit', 0, ARGV[1])\n"
	"  if busy and #items > 0 then\n"
	/* Leave out ids in flight; look further along for as many others. */
	"    local want, offset, kept = #items / 2, 0, {}\n"
	"    while #items > 0 do\n"
	"      for i = 1, #items, 2 do\n"
	"        if #kept < want * 2 and not redis.call('zscore', F, items[i]) then\n"
	"          kept[#kept + 1] = items[i]; kept[#kept + 1] = items[i + 1]\n"
	"        end\n"
	"      end\n"
	"      offset = offset + #items / 2\n"
	"      if #kept >= want * 2 or #items / 2 < want then break end\n"
	"      items = redis.call('zrangebyscore', Z, '-inf', now, 'withscores', 'limit', string.format('%d', offset), string.format('%d', want))\n"
	"    end\n"
	"    items = kept\n"
	"  end\n"
	"  if #items > 0 then\n"
	"    local ids, out = {}, {q}\n"
	"    for i = 1, #items, 2 do ids[#ids + 1] = items[i] end\n"
	"    chunked({'zrem', Z}, ids)\n"
	"    if reserve then\n"
	"      local deadline = score(us_after(ARGV[3]))\n"
	"      local inflight = {}\n"
	"      for k = 1, #ids do\n"
	"        local id = ids[k]\n"
	"        local _, a = record(H, id)\n"
	"        local receipt = ARGV[5] .. ':' .. k\n"
	"        set_record(H, id, receipt, a + 1, tonumber(ARGV[6]), ARGV[7])\n"
	"        inflight[#inflight + 1] = deadline; inflight[#inflight + 1] = id\n"
	"        out[#out + 1] = id; out[#out + 1] = items[2 * k]; out[#out + 1] = receipt; out[#out + 1] = a + 1\n"
	"      end\n"
	"      chunked({'zadd', F}, inflight)\n"
	"    else\n"
	/* A popped task is done with: its record goes. */
	"      if redis.call('exists', H) == 1 then chunked({'hdel', H}, ids) end\n"
	"      for i = 1, #items do out[#out + 1] = items[i] end\n"
	"    end\n"
	/* Pass the turn on: tasks left due wake the next blocked worker (the initial \
	 * wake-up is capped), and a new reservation makes a blocked worker recompute \
	 * its deadline, so an expiring reservation is picked up on time. */
	"    if reserve or redis.call('zcount', Z, '-inf', now) > 0 then wake_one(W) end\n"
	"    return out\n"
	"  end\n"
	/* An empty answer to a caller about to block: old wake-up tokens are stale \
	 * (whatever they announced is already visible to this very script). */
	"  if ARGV[4] == '1' then redis.call('del', W) end\n"
	/* The next moment something may be takeable here: the first queued task that \
	 * is not in flight, or the first reservation to expire (whose ack or release \
	 * also wakes a waiter). */
	"  local first = redis.call('zrange', F, 0, 0, 'withscores')\n"
	"  if #first > 0 then consider(first[2]) end\n"
	/* Nothing due is takeable (what is due is in flight), so the next takeable \
	 * task is one not due yet: the first of those not in flight, or, if the \
	 * first 100 are all in flight, no earlier than the 100th. */
	"  local later = redis.call('zrangebyscore', Z, '(' .. now, '+inf', 'withscores', 'limit', 0, 100)\n"
	"  for i = 1, #later, 2 do\n"
	"    if not busy or not redis.call('zscore', F, later[i]) or i == #later - 1 then consider(later[i + 1]); break end\n"
	"  end\n"
	"end\n"
	"if next_us < 0 then return -1 end\n"
	"return math.max(0, math.ceil((next_us - now_us) / 1000))\n", ""};

/* ARGV: count. Due tasks, lowest score first, without taking them. */
redislock_script redislock_script_top = {"top script",
	LUA_NOW
	"return redis.call('zrangebyscore', KEYS[1], '-inf', score(now_us), 'withscores', 'limit', 0, ARGV[1])\n", ""};

/* ARGV: id, receipt ('' = the current reservation, whichever it is). Finishes a
 * task that is in flight. If the id was enqueued again while it ran, that run may
 * start now: wake a worker for it. */
redislock_script redislock_script_ack = {"ack script",
	LUA_TASKS
	"if not ours(KEYS[4], ARGV[1], ARGV[2]) or redis.call('zrem', KEYS[2], ARGV[1]) == 0 then return 0 end\n"
	"redis.call('hdel', KEYS[4], ARGV[1])\n"
	"if redis.call('zscore', KEYS[1], ARGV[1]) then wake_one(KEYS[3]) end\n"
	"return 1\n", ""};

/* ARGV: id, delay seconds, receipt. Only a task that is in flight goes back; one
 * that has used up its attempts goes to the dead letters instead. */
redislock_script redislock_script_release = {"release script",
	LUA_TASKS
	"if not ours(KEYS[4], ARGV[1], ARGV[3]) or redis.call('zrem', KEYS[2], ARGV[1]) == 0 then return 0 end\n"
	"settle(KEYS[1], KEYS[4], KEYS[5], ARGV[1], us_after(ARGV[2]) - now_us)\n"
	"wake_one(KEYS[3])\n"
	"return 1\n", ""};

/* ARGV: id, visibility seconds, receipt. A new deadline for a reservation still
 * in flight. A blocked worker sleeps until the first deadline it saw: one moved
 * earlier wakes a worker, which looks again and sleeps until the new one. */
redislock_script redislock_script_touch = {"touch script",
	LUA_TASKS
	"local old = redis.call('zscore', KEYS[2], ARGV[1])\n"
	"if not old or not ours(KEYS[4], ARGV[1], ARGV[3]) then return 0 end\n"
	"local deadline = score(us_after(ARGV[2]))\n"
	"redis.call('zadd', KEYS[2], 'xx', deadline, ARGV[1])\n"
	"if tonumber(deadline) < tonumber(old) then wake_one(KEYS[3]) end\n"
	"return 1\n", ""};

redislock_script redislock_script_size = {"size script",
	LUA_NOW
	"local due = redis.call('zcount', KEYS[1], '-inf', score(now_us))\n"
	"return {due, redis.call('zcard', KEYS[1]) - due, redis.call('zcard', KEYS[2]), redis.call('zcard', KEYS[5])}\n", ""};

/* ARGV: id. Gone from the queue, the tasks in flight and the dead letters. */
redislock_script redislock_script_remove = {"remove script",
	"local n = redis.call('zrem', KEYS[1], ARGV[1]) + redis.call('zrem', KEYS[2], ARGV[1]) + redis.call('zrem', KEYS[5], ARGV[1])\n"
	"redis.call('hdel', KEYS[4], ARGV[1])\n"
	"return n\n", ""};

redislock_script redislock_script_clear = {"clear script",
	"local n = redis.call('zcard', KEYS[1]) + redis.call('zcard', KEYS[2]) + redis.call('zcard', KEYS[5])\n"
	"redis.call('del', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])\n"
	"return n\n", ""};

/* ARGV: the last index wanted (count - 1, as a string: a Lua number that large
 * would be formatted with an exponent). The oldest dead letters: [id, time died,
 * attempts, ...]. */
redislock_script redislock_script_dead = {"dead script",
	LUA_TASKS
	"local out = {}\n"
	"local dead = redis.call('zrange', KEYS[5], 0, ARGV[1], 'withscores')\n"
	"for i = 1, #dead, 2 do\n"
	"  local _, a = record(KEYS[4], dead[i])\n"
	"  out[#out + 1] = dead[i]; out[#out + 1] = dead[i + 1]; out[#out + 1] = a\n"
	"end\n"
	"return out\n", ""};

/* ARGV: ids, or none for all. Dead letters go back into the queue, due now, with
 * their attempts forgotten. Returns how many. */
redislock_script redislock_script_retry_dead = {"retryDead script",
	LUA_TASKS
	"local ids = ARGV\n"
	"if #ids == 0 then ids = redis.call('zrange', KEYS[5], 0, -1) end\n"
	"local n = 0\n"
	"for _, id in ipairs(ids) do\n"
	"  if redis.call('zrem', KEYS[5], id) == 1 then\n"
	"    redis.call('hdel', KEYS[4], id)\n"
	"    redis.call('zadd', KEYS[1], 'nx', score(now_us), id)\n"
	"    n = n + 1\n"
	"  end\n"
	"end\n"
	"wake(KEYS[3], n)\n"
	"return n\n", ""};

/* Drops every dead letter and its record. Returns how many. */
redislock_script redislock_script_purge_dead = {"purgeDead script",
	LUA_CHUNKED
	"local ids = redis.call('zrange', KEYS[5], 0, -1)\n"
	"if #ids == 0 then return 0 end\n"
	"chunked({'hdel', KEYS[4]}, ids)\n"
	"redis.call('del', KEYS[5])\n"
	"return #ids\n", ""};

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
