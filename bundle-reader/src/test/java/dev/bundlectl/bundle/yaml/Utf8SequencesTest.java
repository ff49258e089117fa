package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The one-pass decoder against the JDK's reporting UTF-8 decoder, on every two- and three-byte
 * combination that starts with a non-ASCII byte: whatever it accepts must decode to the JDK's one
 * character, and it must accept every well-formed sequence that is one character.
 */
class Utf8SequencesTest {

    @Test
    void everyTwoAndThreeByteSequenceDecodesAsTheJdkDecodesIt() {
        int accepted = 0;
        for (int lead = 0x80; lead <= 0xFF; lead++) {
            for (int second = 0; second <= 0xFF; second++) {
                assertSameAsJdk(new byte[] {(byte) lead, (byte) second}, 2);
                // Only a three-byte lead followed by a continuation byte makes the third byte matter;
                // for the rest one third byte stands for all.
                boolean thirdMatters = lead >= 0xE0 && lead <= 0xEF && (second & 0xC0) == 0x80;
                for (int third = thirdMatters ? 0 : 0x41; third <= (thirdMatters ? 0xFF : 0x41); third++) {
                    if (assertSameAsJdk(new byte[] {(byte) lead, (byte) second, (byte) third}, 3)) {
                        accepted++;
                    }
                }
            }
        }
        // U+0800..U+FFFF without the 2,048 surrogates, as three bytes.
        assertThat(accepted).isEqualTo(0x10000 - 0x800 - 0x800);
    }

    @Test
    void fourByteSequencesAndTruncatedOnesAreLeftToTheJdk() {
        byte[] emoji = "\uD83D\uDE00".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8Sequences.decodedAt(emoji, 0)).isEqualTo(-1);
        assertThat(Utf8Sequences.decodedAt(new byte[] {(byte) 0xC3}, 0)).isEqualTo(-1);
        assertThat(Utf8Sequences.decodedAt(new byte[] {(byte) 0xE2, (byte) 0x80}, 0)).isEqualTo(-1);
        assertThat(Utf8Sequences.decodedAt(new byte[] {'a', (byte) 0xC3, (byte) 0xA9}, 1)).isEqualTo(0xE9);
    }

    // Whether the sequence was taken; a sequence of `length` bytes the JDK reads as one character
    // must be taken, with that character, and any other must not be taken whole. Plain checks, not
    // AssertJ, on this path: it runs for every combination.
    private boolean assertSameAsJdk(byte[] bytes, int length) {
        Optional<String> jdk = strict(bytes);
        int ours = Utf8Sequences.decodedAt(bytes, 0);
        boolean oneCharacter = jdk.isPresent() && jdk.get().length() == 1
                && jdk.get().getBytes(StandardCharsets.UTF_8).length == length;
        if (oneCharacter) {
            if (ours != jdk.get().charAt(0) || Utf8Sequences.lengthOf(bytes[0]) != length) {
                throw new AssertionError(HexFormat.of().formatHex(bytes) + ": " + ours + " instead of "
                        + (int) jdk.get().charAt(0));
            }
            return true;
        }
        if (ours >= 0) {
            // Taken as a shorter sequence: a two-byte one followed by another byte.
            int taken = Utf8Sequences.lengthOf(bytes[0]);
            if (taken >= length || !strict(Arrays.copyOf(bytes, taken)).equals(Optional.of(String.valueOf((char) ours)))) {
                throw new AssertionError(HexFormat.of().formatHex(bytes) + ": taken as " + ours);
            }
        }
        return false;
    }

    // One decoder, reset for each sequence; a test instance is never shared between threads.
    private final CharsetDecoder strictDecoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    private Optional<String> strict(byte[] bytes) {
        try {
            CharBuffer decoded = strictDecoder.reset().decode(ByteBuffer.wrap(bytes));
            return Optional.of(decoded.toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
