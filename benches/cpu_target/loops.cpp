// The plain C++ loops that do the same work as kernels.hip, single-threaded, for
// benches/cpu_target/run.sh. Same output format.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kBlock = 256;

template <class Work> static double best_ms(int runs, Work work) {
  double best = 1e30;
  for (int run = 0; run < runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    work();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (ms < best) best = ms;
  }
  return best;
}

__attribute__((noinline)) static void triad(float* a, const float* b, const float* c, float scale, long n) {
  for (long i = 0; i < n; ++i) a[i] = b[i] + scale * c[i];
}

__attribute__((noinline)) static void block_sum(const int* in, long long* partial, long n) {
  long blocks = (n + kBlock - 1) / kBlock;
  for (long block = 0; block < blocks; ++block) {
    int sum = 0;
    for (long i = block * kBlock; i < (block + 1) * kBlock && i < n; ++i) sum += in[i];
    partial[block] = sum;
  }
}

constexpr int kWarp = 32;

__attribute__((noinline)) static void block_scan(const int* in, int* out, long n) {
  for (long block = 0; block < n; block += kBlock) {
    int sum = 0;
    for (long i = block; i < block + kBlock && i < n; ++i) out[i] = sum += in[i];
  }
}

__attribute__((noinline)) static void warp_sum(const int* in, long long* partial, long n) {
  for (long warp = 0; warp < n; warp += kWarp) {
    int sum = 0;
    for (long i = warp; i < warp + kWarp && i < n; ++i) sum += in[i];
    partial[warp / kWarp] = sum;
  }
}

__attribute__((noinline)) static void vote_count(const int* in, int* counts, long n) {
  for (long warp = 0; warp < n; warp += kWarp) {
    int count = 0;
    for (long i = warp; i < warp + kWarp && i < n; ++i) count += in[i] > 0;
    counts[warp / kWarp] = count;
  }
}

// The warp's loop runs as many times as its largest value; each lane's count is that.
__attribute__((noinline)) static void vote_loop(const int* in, int* steps, long n) {
  for (long warp = 0; warp < n; warp += kWarp) {
    int most = 0;
    for (long i = warp; i < warp + kWarp && i < n; ++i) most = in[i] > most ? in[i] : most;
    for (long i = warp; i < warp + kWarp && i < n; ++i) steps[i] = most;
  }
}

int main(int argc, char** argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 64l << 20;
  long reduce_n = argc > 2 ? std::atol(argv[2]) : 16l << 20;
  long scan_n = argc > 3 ? std::atol(argv[3]) : 4l << 20;
  std::vector<float> a(n), b(n), c(n);
  for (long i = 0; i < n; ++i) { b[i] = (float)(i % 1000); c[i] = 1.0f; }
  double triad_ms = best_ms(5, [&] { triad(a.data(), b.data(), c.data(), 3.0f, n); });
  double checksum = 0;
  for (long i = 0; i < n; i += 4099) checksum += a[i];
  std::printf("triad %.3f %.1f\n", triad_ms, checksum);
  long reduce_blocks = (reduce_n + kBlock - 1) / kBlock;
  std::vector<int> in(reduce_n);
  std::vector<long long> partial(reduce_blocks);
  for (long i = 0; i < reduce_n; ++i) in[i] = (int)(i % 7) - 3;
  double reduce_ms = best_ms(5, [&] { block_sum(in.data(), partial.data(), reduce_n); });
  long long total = 0;
  for (long i = 0; i < reduce_blocks; ++i) total += partial[i];
  std::printf("block_sum %.3f %lld\n", reduce_ms, total);

  std::vector<int> scan_in(scan_n), scan_out(scan_n);
  std::vector<long long> warp_partial((scan_n + kWarp - 1) / kWarp);
  for (long i = 0; i < scan_n; ++i) scan_in[i] = (int)(i % 5) - 1;
  double scan_ms = best_ms(3, [&] { block_scan(scan_in.data(), scan_out.data(), scan_n); });
  long long scan_check = 0;
  for (long i = 0; i < scan_n; i += 97) scan_check += scan_out[i];
  std::printf("block_scan %.3f %lld\n", scan_ms, scan_check);
  double warp_ms = best_ms(3, [&] { warp_sum(scan_in.data(), warp_partial.data(), scan_n); });
  long long warp_check = 0;
  for (long i = 0; i < (long)warp_partial.size(); ++i) warp_check += warp_partial[i] * (i % 3 + 1);
  std::printf("warp_sum %.3f %lld\n", warp_ms, warp_check);

  std::vector<int> votes(scan_n);
  double count_ms = best_ms(3, [&] { vote_count(scan_in.data(), votes.data(), scan_n); });
  long long count_check = 0;
  for (long i = 0; i < (scan_n + kWarp - 1) / kWarp; ++i) count_check += votes[i] * (i % 3 + 1);
  std::printf("vote_count %.3f %lld\n", count_ms, count_check);
  double loop_ms = best_ms(3, [&] { vote_loop(scan_in.data(), votes.data(), scan_n); });
  long long loop_check = 0;
  for (long i = 0; i < scan_n; i += 97) loop_check += votes[i];
  std::printf("vote_loop %.3f %lld\n", loop_ms, loop_check);
  return 0;
}
