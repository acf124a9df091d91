import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.db.marshal.TypeParser;

/**
 * Compares serialized values with Cassandra's own comparators ({@code AbstractType#compare}), the order Cassandra
 * sorts frozen set elements and map keys in.
 *
 * <p>Launched by io.ringmap.schema.CassandraOrderOracleIT as a single-file source program on the Cassandra server
 * classpath: {@code java -cp <cassandra classpath> TypeOrder.java}. Input: one comparison per line,
 * {@code <AbstractType string, e.g. SetType(UUIDType)>TAB<hex of a>TAB<hex of b>}. Output: per line, in order, the
 * sign of the comparison (-1, 0 or 1), or {@code E <message>} when Cassandra rejects the input.
 */
public class TypeOrder {

    public static void main(String[] args) throws Exception {
        DatabaseDescriptor.clientInitialization(false);
        HexFormat hex = HexFormat.of();
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String cachedName = null;
            AbstractType<?> cached = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isEmpty()) {
                    continue;
                }
                String[] parts = line.split("\t", -1);
                try {
                    if (!parts[0].equals(cachedName)) {
                        cached = TypeParser.parse(parts[0]);
                        cachedName = parts[0];
                    }
                    int c = cached.compare(ByteBuffer.wrap(hex.parseHex(parts[1])),
                            ByteBuffer.wrap(hex.parseHex(parts[2])));
                    out.println("= " + Integer.signum(c));
                } catch (RuntimeException e) {
                    out.println("= E " + String.valueOf(e.getMessage()).replace('\n', ' '));
                }
            }
        }
        out.flush();
        System.exit(0);
    }
}
