-- Waiting helpers for one lock K, with Q, M, P set. A waiter's alive key holds
-- what it waits for: 'x' an exclusive hold, 'r' a shared one, 'p' the promotion of
-- its shared hold (queued first of all, at score 0).
local function kind(key) return redis.call('type', key)['ok'] end
-- The first waiter still alive, and what it waits for; dead ones are dropped,
-- 500 at most per call (a script must not run unbounded; a dead one costs three
-- commands, 500 of them 5 to 15 ms): past that, nobody is taken for the head,
-- and the next call drops the next ones.
local function head()
  for _ = 1, 500 do
    local first = redis.call('zrange', Q, 0, 0)[1]
    if not first then return nil, nil end
    local mode = redis.call('get', P .. 'a:' .. first)
    if mode then return first, mode end
    redis.call('zrem', Q, first)
  end
  return nil, nil
end
--#include "common/push.lua"
local function waiting() return redis.call('exists', Q) == 1 or redis.call('exists', M) == 1 end
-- Sets K for token until ms from now: marked when others wait.
local function hold(token, life)
  if waiting() then
    redis.call('set', K, token .. '|' .. ms(now + life), 'px', life + GRACE)
  else
    redis.call('set', K, token, 'px', life)
  end
end
-- Shared holds: K is a sorted set of their tokens by deadline (ms). It lives
-- as long as its longest hold, and GRACE longer while anyone waits, so that,
-- as for an exclusive holder, a free key means nobody has a claim.
local function readers_live()
  redis.call('zremrangebyscore', K, '-inf', ms(now))
  return redis.call('zcard', K)
end
local function readers_ttl()
  local last = redis.call('zrange', K, -1, -1, 'withscores')
  if #last == 0 then return end
  local left = tonumber(last[2]) - now
  if waiting() then left = left + GRACE end
  redis.call('pexpire', K, ms(math.max(left, 1)))
end
-- Promises shared holds to the run of shared waiters at the head of the queue,
-- each for as long as its alive mark would last; each is woken, leaves the
-- queue and confirms with its own lifetime. A bounded run per call: every
-- confirmation admits the next ones.
local function admit()
  for i = 1, 100 do
    local h, mode = head()
    if mode ~= 'r' then return end
    local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)
    redis.call('zadd', K, ms(now + claim), 'shared:' .. h)
    redis.call('zrem', Q, h)
    push(h, claim + GRACE)
  end
end
-- The lock is free: promise it to the head of the queue (K names the head, for
-- as long as the head's alive mark would last; the head stays queued until it
-- confirms, so the queue is not taken for empty) and wake it to confirm; a
-- shared head gets it with the shared waiters behind it; with nobody queued,
-- delete it and let every lockMany() waiter look again.
local function hand_over()
  local h, mode = head()
  if not h then
    redis.call('del', K)
    if redis.call('exists', M) == 1 then
      redis.call('zremrangebyscore', M, '-inf', ms(now))
      -- The first 1000 are woken; any others look again within their round.
      for _, id in ipairs(redis.call('zrange', M, 0, 999)) do push(id, 60000) end
    end
    return
  end
  if mode == 'r' then
    redis.call('del', K)
    admit()
    readers_ttl()
    return
  end
  local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)
  redis.call('set', K, h .. '|' .. ms(now + claim), 'px', claim + GRACE)
  push(h, claim + GRACE)
end
-- A shared hold ended, or a waiter left, while K is shared: serve whoever can
-- go now (the next in line, the shared run at the head, or a promotion that
-- only waited for the others).
local function readers_changed()
  local n = readers_live()
  if n == 0 then return hand_over() end
  local h, mode = head()
  if mode == 'r' then
    admit()
  elseif mode == 'p' and n == 1 and redis.call('zscore', K, 'shared:' .. h) then
    push(h, 60000)
  end
  readers_ttl()
end
-- Nobody waits any more: a held lock's value and lifetime are its own again,
-- so its release is the plain compare-and-delete.
local function unmark()
  local t = kind(K)
  if t == 'zset' then return readers_changed() end
  if t ~= 'string' or waiting() then return end
  local holder, d = owner(redis.call('get', K))
  if d == nil then return end
  if holder ~= '' and d > now then
    redis.call('set', K, holder, 'px', d - now)
  elseif holder == '' then
    redis.call('del', K)
  end
end
-- Someone waits: K must outlive its holders by GRACE.
local function mark()
  local t = kind(K)
  if t == 'zset' then return readers_ttl() end
  if t ~= 'string' then return end
  local v = redis.call('get', K)
  if string.find(v, '|', 1, true) then return end
  local left = redis.call('pttl', K)
  if left > 0 then redis.call('set', K, v .. '|' .. ms(now + left), 'px', left + GRACE) end
end
-- How long until it is worth looking again: until the first hold of K ends.
local function wait_ms()
  local t = kind(K)
  if t == 'zset' then
    local first = redis.call('zrange', K, 0, 0, 'withscores')
    if #first == 0 then return 0 end
    return math.max(tonumber(first[2]) - now, 0)
  end
  if t == 'string' then
    local _, d = owner(redis.call('get', K))
    if d then return math.max(d - now, 0) end
  elseif t == 'none' then
    return 0
  end
  return redis.call('pttl', K)
end
