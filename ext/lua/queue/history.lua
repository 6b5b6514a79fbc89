--redislock:history
--
-- The last hour of a queue's counters (common/counts.lua), read-only: [the
-- server's minute now (µs since the epoch / 60e6, floored), then the snapshots
-- h0 ... h59 (nil where none was taken)]. The caller keeps those of the last 60
-- minutes and orders them. A key of another type answers 60 nils.
--
-- @key   counts    string                     C, the queue's counters (common/counts.lua)

local t = redis.call('time')
local out = redis.pcall('hmget', counts, 'h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'h9', 'h10', 'h11', 'h12',
  'h13', 'h14', 'h15', 'h16', 'h17', 'h18', 'h19', 'h20', 'h21', 'h22', 'h23', 'h24', 'h25', 'h26', 'h27', 'h28', 'h29',
  'h30', 'h31', 'h32', 'h33', 'h34', 'h35', 'h36', 'h37', 'h38', 'h39', 'h40', 'h41', 'h42', 'h43', 'h44', 'h45', 'h46',
  'h47', 'h48', 'h49', 'h50', 'h51', 'h52', 'h53', 'h54', 'h55', 'h56', 'h57', 'h58', 'h59')
-- A key of another type (written by hand) has no snapshots.
if out.err then out = {} for i = 1, 60 do out[i] = false end end
table.insert(out, 1, string.format('%d', math.floor(tonumber(t[1]) / 60)))
return out
