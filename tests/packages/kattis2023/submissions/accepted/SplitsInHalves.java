// Accepted: n/2 and the rest, with the package's include/java/split/Halves.java (a
// Java package, so a subfolder of include/java/).
import java.util.Scanner;

public class SplitsInHalves {
  public static void main(String[] args) {
    long n = new Scanner(System.in).nextLong();
    System.out.println(split.Halves.half(n) + " " + (n - split.Halves.half(n)));
  }
}
