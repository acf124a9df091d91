package io.ringmap.schema;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Date-times before the Gregorian calendar's first day, read and written as Cassandra reads and writes them. The
 * driver's timestamp codec parses and formats text with {@code java.util}'s calendar, which is Julian before
 * 1582-10-15, while Cassandra (4.0, 4.1, 5.0 and 6.0 alike) reads a CQL timestamp literal with {@code java.time}, in
 * the proleptic Gregorian calendar, and drivers bind {@code java.time} instants the same way: for
 * {@code 0001-01-01T00:00:00Z} the two readings are two days apart, so the same text would hash another partition.
 * From 1582-10-15 on both calendars agree and the codec's reading stands.
 */
final class GregorianDateTimes {

    /** 1582-10-15T00:00:00Z in milliseconds: from this instant on, the two calendars name the same days. */
    static final long GREGORIAN_START_MILLIS = -12_219_292_800_000L;
    /** Text whose codec reading falls before this was written on a day before 1582-10-15 in some zone (UTC+-14). */
    static final long READ_AGAIN_BEFORE_MILLIS = GREGORIAN_START_MILLIS + 86_400_000L;

    /** The forms read here: a date, optionally a time of day ('T' or a space), optionally a zone offset or Z. */
    private static final Pattern TEXT = Pattern.compile("(\\d{1,4})-(\\d{1,2})-(\\d{1,2})"
            + "(?:[T ](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,9}))?)?)?"
            + " ?(Z|[+-]\\d{2}(?::?\\d{2})?)?");

    static final String FORMS = "a date-time before 1582-10-15 is read in the proleptic Gregorian calendar, as"
            + " Cassandra reads it, in the form yyyy-mm-dd[(T| )hh:mm[:ss[.fff]]][Z|+hh[:mm]] (or give milliseconds"
            + " since 1970-01-01T00:00:00Z)";

    private GregorianDateTimes() {}

    /** Whether the codec's reading of a date-time text must be read again here. */
    static boolean readAgain(ZonedDateTime codecReading) {
        return codecReading.toInstant().toEpochMilli() < READ_AGAIN_BEFORE_MILLIS;
    }

    /** {@code text} (unquoted) read in the proleptic Gregorian calendar, UTC when it names no zone. */
    static ZonedDateTime read(String text) {
        Matcher m = TEXT.matcher(text.strip());
        if (!m.matches()) {
            throw new ValueException(FORMS);
        }
        try {
            LocalDateTime local = LocalDateTime.of(
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    number(m.group(4)),
                    number(m.group(5)),
                    number(m.group(6)),
                    nanos(m.group(7)));
            return local.atOffset(offset(m.group(8))).toInstant().atZone(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            // e.g. 0300-02-29, a Julian leap day that the Gregorian calendar does not have
            throw new ValueException(text.strip() + " is no date-time of the proleptic Gregorian calendar; " + FORMS);
        }
    }

    /**
     * The codec's quoted text form for {@code millis} before 1582-10-15 (null from then on: the codec's own form
     * stands), in the proleptic Gregorian calendar; before year 1 the milliseconds, which read back exactly.
     */
    static String format(long millis) {
        if (millis >= GREGORIAN_START_MILLIS) {
            return null;
        }
        LocalDateTime t = LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
        if (t.getYear() < 1) {
            return Long.toString(millis);
        }
        return String.format(
                "'%04d-%02d-%02dT%02d:%02d:%02d.%03dZ'",
                t.getYear(),
                t.getMonthValue(),
                t.getDayOfMonth(),
                t.getHour(),
                t.getMinute(),
                t.getSecond(),
                t.getNano() / 1_000_000);
    }

    private static int number(String group) {
        return group == null ? 0 : Integer.parseInt(group);
    }

    private static int nanos(String fraction) {
        return fraction == null ? 0 : Integer.parseInt((fraction + "00000000").substring(0, 9));
    }

    private static ZoneOffset offset(String zone) {
        if (zone == null || zone.equals("Z")) {
            return ZoneOffset.UTC;
        }
        String digits = zone.replace(":", "");
        int hours = Integer.parseInt(digits.substring(1, 3));
        int minutes = digits.length() > 3 ? Integer.parseInt(digits.substring(3, 5)) : 0;
        return zone.charAt(0) == '-'
                ? ZoneOffset.ofHoursMinutes(-hours, -minutes)
                : ZoneOffset.ofHoursMinutes(hours, minutes);
    }
}
