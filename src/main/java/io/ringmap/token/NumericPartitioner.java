package io.ringmap.token;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/** Ring arithmetic shared by partitioners whose tokens are integers in {@code [minimum, maximum]}. */
abstract class NumericPartitioner implements Partitioner {

    /** The token as an integer. */
    abstract BigInteger value(Token token);

    abstract Token token(BigInteger value);

    /** The largest token: a range ending at the minimum token ends here. */
    abstract BigInteger maximum();

    @Override
    public java.util.Optional<Token> maximumToken() {
        return java.util.Optional.of(token(maximum()));
    }

    private BigInteger minimum() {
        return value(minimumToken());
    }

    private BigInteger endValue(Token end) {
        return end.equals(minimumToken()) ? maximum() : value(end);
    }

    @Override
    public List<Token> split(Token start, Token end, int parts) {
        BigInteger s = value(start);
        BigInteger e = endValue(end);
        if (s.compareTo(e) >= 0) {
            throw new IllegalArgumentException("range (" + start + ", " + end + "] must not wrap or be empty");
        }
        List<Token> bounds = new ArrayList<>(parts + 1);
        bounds.add(start);
        for (BigInteger b : RingArithmetic.interiorBounds(s, e, parts)) {
            bounds.add(token(b));
        }
        bounds.add(end);
        return bounds;
    }

    @Override
    public double ringShare(Token start, Token end) {
        BigInteger s = value(start);
        BigInteger e = endValue(end);
        if (s.compareTo(e) >= 0) {
            return 0;
        }
        BigInteger ring = maximum().subtract(minimum());
        return new BigDecimal(e.subtract(s))
                .divide(new BigDecimal(ring), MathContext.DECIMAL64)
                .doubleValue();
    }
}
