-- A semaphore is the key S = prefix + name: a sorted set of its acquisitions,
-- member "<permits>:<id>", score the acquisition's deadline (ms of the server's
-- clock), counted through B (see common/sem_units.lua). It lives as long as its
-- longest acquisition, so a crashed holder's permits come back when its own
-- lifetime ends. Waiters queue as for locks, in S's cluster slot: Q (zset of ids
-- by arrival: strict FIFO; on a cluster the client declares it after S), per
-- waiter P..'a:'..id (alive while it keeps coming back, holding
-- "0<permits>:<limit>"; 0.1.0 writes it without the 0, which is how a promise
-- tells its waiters apart), P..'l:'..id (written with the alive mark by the
-- waiters of releases after 0.2.0 only: the lifetime in ms it asked for) and
-- P..'w:'..id (the list it blocks on). Every acquisition goes through a script
-- that looks at the queue, so nobody gets in ahead of a waiter, and S needs no
-- grace period after its holders. H (the sibling ':many', which the releases
-- before this one leave out of names() for a semaphore) holds the ids of the
-- waiters handed an acquisition, scored by when it becomes revocable.
--
-- What the calls that find or leave waiters need, with S, B, Q, P, H set.
--#include "common/push.lua"
-- An acquisition handed to a waiter is its own once it popped the 'h' of its
-- wake-up list (BLPOP pops atomically: here the 'h' is either still there or
-- gone). One still there GRACE ms after the hand-over (its alive period: a live
-- waiter pops it at once) was handed to a waiter dead or stuck since: it is
-- revoked (its permits back, the 'h' and its marks deleted), and the waiter, if
-- it ever runs again, finds nothing and queues anew. A page of due records at a
-- time; one whose 'h' was popped is only dropped.
local REVOKE_PAGE = 50
local function revoke()
  local due = redis.call('zrangebyscore', H, '-inf', ms(now), 'limit', 0, REVOKE_PAGE)
  for _, id in ipairs(due) do
    local w = P .. 'w:' .. id
    if redis.call('lindex', w, 0) == 'h' then
      local p = units_permits(id)
      if p > 0 then
        redis.call('zrem', S, p .. ':' .. id)
        units_del(p, id)
      end
      redis.call('del', w, P .. 'a:' .. id, P .. 'l:' .. id)
    end
    redis.call('zrem', H, id)
  end
end
-- Revokes due hand-overs and drops lapsed acquisitions (a page of each); the
-- permits held by the others.
local function used()
  revoke()
  sweep()
  return held()
end
-- The first waiter still alive, with the permits it asks for, its limit and
-- whether it is of this release; nil when nobody waits. Dead ones are dropped,
-- 500 at most per script, as for locks: past that it answers false (someone
-- may wait behind them, so nobody is served ahead of them), and the next
-- calls drop the next ones.
local dead_left = 500
local function head()
  while dead_left > 0 do
    local first = redis.call('zrange', Q, 0, 0)[1]
    if not first then return nil end
    local asks = redis.call('get', P .. 'a:' .. first)
    if asks then
      local p, l = string.match(asks, '^(%d+):(%d+)$')
      return first, tonumber(p), tonumber(l), string.sub(asks, 1, 1) == '0'
    end
    redis.call('zrem', Q, first)
    dead_left = dead_left - 1
  end
  return false
end
-- Hands permits to the waiters at the head of the queue, in order, while
-- theirs fit (u permits held); the first that does not fit stops the rest. A
-- waiter that left its lifetime (P..'l:'..id) is given the acquisition itself,
-- with that lifetime, as its own acquire script would write it, and is woken
-- with 'h': it returns at once. The hand-over is recorded in H, due GRACE ms
-- later, and its alive mark left to lapse by itself: a waiter dead since its
-- last visit (its mark not lapsed yet) never pops the 'h', and the first
-- acquire or release after that revokes the acquisition (revoke()). One that
-- did not leave a lifetime (a waiter of 0.2.0 or earlier) is promised them for
-- as long as its alive mark would last and woken with '1', to confirm with its
-- own lifetime. Each leaves the queue. Returns the permits then held.
local function admit(u)
  for i = 1, 100 do
    local h, p, l, ours = head()
    if not h or u + p > l then return u end
    local life = ours and tonumber(redis.call('get', P .. 'l:' .. h))
    if life then
      redis.call('zadd', S, ms(now + life), p .. ':' .. h)
      units_set(p, h, now + life)
      redis.call('del', P .. 'l:' .. h)
      local w = P .. 'w:' .. h
      redis.call('del', w)
      redis.call('rpush', w, 'h')
      redis.call('pexpire', w, life + GRACE)
      redis.call('zadd', H, ms(now + GRACE), h)
      if redis.call('pttl', H) < life + GRACE then redis.call('pexpire', H, ms(life + 2 * GRACE)) end
      outlive(now + life)
    else
      local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)
      redis.call('zadd', S, ms(now + claim), p .. ':' .. h)
      if ours then units_set(p, h, now + claim) end
      push(h, claim + GRACE)
      outlive(now + claim)
    end
    redis.call('zrem', Q, h)
    u = u + p
  end
  return u
end
