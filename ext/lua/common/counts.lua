-- The queue's counters C, a hash that only ever grows ({K}:counts), each field
-- a count since the queue's first run of this release: p runs acked with no
-- duration measured, d0 ... d16 runs acked whose reserve-to-ack duration fell
-- in bucket k (the bounds: REDISLOCK_QUEUE_BUCKETS in the extension), s the sum
-- of those durations in µs, f runs ended by fail() or acked as failed, r runs
-- ended by release(), t lapsed runs due again (their worker died or stalled), x
-- new dead letters (by fail(), or a run that used up its attempts). The runs
-- acked are p plus the d buckets. The scripts that end a run otherwise count it
-- themselves (one HINCRBY per field they move); acks, the hot path, are counted
-- by the worker, which adds the counts of the acks the server confirmed at most
-- once a second (count_add, in a write it makes anyway).
-- The last hour, a minute at a time: m the newest minute with a snapshot
-- (µs since the epoch / 60e6, floored), and h<minute mod 60> its snapshot,
-- "<minute>|p|f|r|t|x|s|d0|...|d16" as the counters were at its first look
-- (snapshot(): a worker's upkeep looks, at most once a call).
-- Counting never stands in the way of what it counts: each call is a pcall, and
-- a counter the server refuses (a field that is no integer, or past 2^63, a key
-- of another type written by hand) is left as it is while the call goes on.
local function tally(C, field) redis.pcall('hincrby', C, field, 1) end
local SNAPSHOT = {'p', 'f', 'r', 't', 'x', 's', 'd0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10',
  'd11', 'd12', 'd13', 'd14', 'd15', 'd16'}
-- Takes the minute's snapshot of C at us (µs since the epoch) unless taken, or
-- C holds no counts yet (a queue that never counted has no counters' key):
-- one HGET a look, one EXISTS, HMGET and HSET a minute.
local function snapshot(C, us)
  local m = string.format('%d', math.floor(us / 60000000))
  local had = redis.pcall('hget', C, 'm')
  if had == m or type(had) == 'table' then return end
  if not had and redis.call('exists', C) == 0 then return end
  local v = redis.pcall('hmget', C, unpack(SNAPSHOT))
  if v.err then return end
  for i = 1, #SNAPSHOT do v[i] = v[i] or '0' end
  redis.pcall('hset', C, 'm', m, 'h' .. string.format('%d', tonumber(m) % 60), m .. '|' .. table.concat(v, '|', 1, #SNAPSHOT))
end
-- Counts one acked run as its caller packed it: 'p' (acked), 'f' (acked as
-- failed) or '<bucket>:<µs>' (acked, timed).
local function count_packed(C, packed)
  if packed == '' then return end
  local b, us = string.match(packed, '^(%d+):(%d+)$')
  if b then
    redis.pcall('hincrby', C, 'd' .. b, 1)
    redis.pcall('hincrby', C, 's', us)
  elseif packed == 'p' or packed == 'f' then
    redis.pcall('hincrby', C, packed, 1)
  end
end
-- Adds the counts a worker kept of the runs it acked (count_add): packed as
-- "p|f|s|d0|...|d16", decimal counts (s in µs), each field moved by its own
-- HINCRBY when it is not 0.
local ADDED = {'p', 'f', 's', 'd0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10', 'd11', 'd12', 'd13', 'd14',
  'd15', 'd16'}
local function add_counts(C, packed)
  local i = 0
  for n in string.gmatch(packed, '[^|]+') do
    i = i + 1
    if not ADDED[i] then break end
    if n ~= '0' and string.match(n, '^%d+$') then redis.pcall('hincrby', C, ADDED[i], n) end
  end
end
