// Where a token sits on the ring, 0..1 from the partitioner's minimum token.
const MIN = -(2n ** 63n);
const SPAN = 2n ** 64n;
const RANDOM_SPAN = 2n ** 127n;

/** A function from a token (as the API prints it) to its position 0..1 on the ring. */
export function positions(partitioner, ringTokens) {
  if (partitioner === 'Murmur3Partitioner') {
    return t => Number(((BigInt(t) - MIN) * 1000000n) / SPAN) / 1000000;
  }
  if (partitioner === 'RandomPartitioner') {
    return t => Number((BigInt(t) * 1000000n) / RANDOM_SPAN) / 1000000;
  }
  // ordered partitioners: by rank among the ring's tokens
  const sorted = [...ringTokens].sort();
  return t => {
    const i = sorted.findIndex(x => x >= t);
    return (i < 0 ? sorted.length : i) / Math.max(1, sorted.length);
  };
}

/** The position of a range's end, where 0 is read as the end of the ring for ranges reaching it. */
export function span(pos, start, end) {
  const a = pos(start);
  let b = pos(end);
  if (b <= a) {
    b += 1;
  }
  return [a, b];
}
