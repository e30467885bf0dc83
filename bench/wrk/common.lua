-- Shared by the wrk scripts of bench/load.py: random deals and a JSON summary.
-- Each wrk thread has its own Lua state; init() seeds it differently.
local ranks = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"}
local suits = {"s", "h", "d", "c"}
local deck = {}
for _, rank in ipairs(ranks) do
  for _, suit in ipairs(suits) do table.insert(deck, rank .. suit) end
end

local M = {}

function M.seed(args)
  local salt = tonumber(args[1] or "0") or 0
  math.randomseed(os.time() * 1000 + salt + math.floor(os.clock() * 1000000))
end

-- n fresh random cards, quoted for JSON (a partial Fisher-Yates shuffle)
function M.deal(n)
  for i = 1, n do
    local j = math.random(i, 52)
    deck[i], deck[j] = deck[j], deck[i]
  end
  local cards = {}
  for i = 1, n do cards[i] = '"' .. deck[i] .. '"' end
  return cards
end

function M.list(cards, from, to)
  return "[" .. table.concat(cards, ",", from, to) .. "]"
end

function M.arrangement(cards, offset)
  return '{"back":' .. M.list(cards, offset + 1, offset + 5) .. ',"middle":' .. M.list(cards, offset + 6, offset + 10)
    .. ',"front":' .. M.list(cards, offset + 11, offset + 13) .. '}'
end

M.bad = 0
function M.response(status, headers, body)
  if status ~= 200 then M.bad = M.bad + 1 end
end

-- One JSON line that bench/load.py reads.
function M.done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"non_2xx":%d,'
      .. '"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    errors.status, errors.connect, errors.read, errors.write, errors.timeout))
end

return M
