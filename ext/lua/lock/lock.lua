--redislock:lock
--
-- A waiter's attempt (lock() or lockShared() after a busy first try, each of its
-- rounds, addLock(), a promotion, a demotion). A last attempt (mode '2') leaves the
-- queue, which also passes the turn on. Returns the token when the lock is ours
-- (free, promised to us, converted), otherwise the ms until it is worth looking
-- again (-1: a key without a lifetime, which is never taken over; -4: a promotion
-- refused because another holder's promotion waits; -5: a promotion of a share
-- that is not held any more).
--
-- @key   key       string                     K, the lock key (prefix + name)
-- @key   queue     string, optional           Q, the name's wait queue: declared on a cluster only,
--                                             so that a migrating slot is answered before the script runs
-- @key   many      string, optional           M, the name's lockMany() waiters: with queue
-- @key   counter   string, optional           the fencing counter of K's slot, for a fenced token:
--                                             always the last key
-- @arg   id        string                     the waiter id: the token's random part
-- @arg   life      integer                    the lifetime (ms)
-- @arg   mode      byte                       when busy: '0' nothing, '1' queue up, '2' the last
--                                             attempt: leave the queue
-- @arg   fenced    flag '1' ''                '1' for a fenced token
-- @arg   alive     integer                    how long the waiter's alive mark lasts (ms)
-- @arg   hint      text                       the sibling hint: redislock_sibling_hint(), or ''
--                                             when the script derives the hash tag from the key
-- @arg   want      byte                       'x' an exclusive hold, 'r' a shared one, 'p' the
--                                             promotion of our shared hold

--#include "common/grace.lua"
--#include "common/fence.lua"
--#include "common/owner.lua"
--#include "common/lock_keys.lua"
local K = key
local Q, M, P = siblings(K, hint)
--#include "common/waiters.lua"
life = tonumber(life)
if want == nil or want == '' then want = 'x' end
local share = 'shared:' .. id
-- A caller that does not wait was never queued.
local function leave_queue()
  if mode == '0' then return end
  redis.call('zrem', Q, id)
  redis.call('del', P .. 'a:' .. id, P .. 'w:' .. id)
end
-- Takes it in the mode asked for; returns the token.
local function take()
  leave_queue()
  if want == 'r' then
    if kind(K) ~= 'zset' then redis.call('del', K) end
    redis.call('zadd', K, ms(now + life), share)
    admit()
    readers_ttl()
    return share
  end
  local token = id
  if fenced ~= '' then token = fence(KEYS[#KEYS]) .. ':' .. id end
  hold(token, life)
  return token
end
local t, free = kind(K), false
-- A promotion is of a share we still hold; without one there is nothing to
-- promote (the caller acquires afresh, in its turn): leave the front of the
-- queue, and pass on a lock promised to us as its head.
if want == 'p' then
  local live = false
  if t == 'zset' then
    readers_live()
    live = redis.call('zscore', K, share) ~= false
    t = kind(K)
  end
  if not live then
    leave_queue()
    if t == 'string' and owner(redis.call('get', K)) == id then hand_over() end
    unmark()
    return -5
  end
end
if t == 'zset' then
  local n = readers_live()
  local mine = redis.call('zscore', K, share)
  if n == 0 then
    free = true
  elseif want == 'r' then
    -- Ours already (a promise to confirm), or shared with nobody queued ahead.
    if mine then return take() end
    local h = head()
    if not h or h == id then return take() end
  elseif want == 'p' and mine then
    if n == 1 then return take() end
    local h, mode = head()
    if h and h ~= id and mode == 'p' then
      leave_queue()
      return -4
    end
  end
elseif t == 'string' then
  local v = redis.call('get', K)
  local holder, d = owner(v)
  -- Promised to us; or, for a shared hold, ours exclusively: a demotion.
  if holder == id and want ~= 'r' then return take() end
  if want == 'r' and (holder == id or string.sub(holder, -(#id + 1)) == ':' .. id) and (not d or d > now) then return take() end
  if d and d <= now then free = true end
elseif t == 'none' then
  free = true
else
  return redis.call('pttl', K)
end
if free then
  -- Free, or its holder's time is up: ours when nobody alive is queued ahead;
  -- otherwise promised to the head of the queue (which may be blocked until
  -- later), with us in it if we are in the shared run at the head.
  local h = head()
  if not h or h == id then return take() end
  hand_over()
  if want == 'r' and redis.call('zscore', K, share) then return take() end
end
local busy_ms = wait_ms()
if mode == '2' then
  leave_queue()
  unmark()
elseif mode == '1' then
  if want == 'p' then
    redis.call('zadd', Q, 0, id)
  else
    redis.call('zadd', Q, 'nx', now_us, id)
  end
  redis.call('pexpire', Q, 2 * tonumber(alive))
  redis.call('set', P .. 'a:' .. id, want, 'px', alive)
  mark()
end
return busy_ms
