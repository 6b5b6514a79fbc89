-- The uniqueness keys of submit(..., uniqueKey), in K (a hash): "k<key>" ->
-- "<cap µs, 0: none>|<mode>|<holder's id>" (mode: 's' held while the run
-- waits, 'd' while it waits or is in flight, 'b' (debounce) while it waits),
-- and "i<id>" -> the key that id's run holds. A key is held by the run a keyed
-- submit queued, not by its id for ever: a run of that id that starts again from
-- nothing (enqueue(), retryDead(), a submit, once the earlier run ended) lets
-- the key go first (let_go()).
local function holder_of(K, key)
  local c, m, h = string.match(redis.call('hget', K, 'k' .. key) or '', '^(%d+)|(%a)|(.*)$')
  if not h then return nil, 0, nil end
  return h, tonumber(c), m
end
-- Whether task x has a run: waiting (in Z, or in X on the stream layout) or in flight.
local function has_run(Z, F, X, x)
  return redis.call('zscore', Z, x) ~= false or redis.call('zscore', F, x) ~= false or redis.call('hexists', X, x) == 1
end
-- id's run starts from nothing: the key its earlier run held is let go.
local function let_go(K, id)
  local key = redis.call('hget', K, 'i' .. id)
  if not key then return end
  redis.call('hdel', K, 'i' .. id)
  if holder_of(K, key) == id then redis.call('hdel', K, 'k' .. key) end
end
-- The same for an id about to be queued that may still have its run (which keeps its key).
local function let_go_if_gone(K, Z, F, X, id)
  if redis.call('hexists', K, 'i' .. id) == 1 and not has_run(Z, F, X, id) then let_go(K, id) end
end
