// C++ in device code as nvcc accepts it: classes with virtual functions made on the device
// and used from a later kernel, device new and delete of class types (constructors and
// destructors run, virtual destructors through the base), new[] and delete[], placement
// new into shared and global memory without including <new>, nothrow new, and aligned new
// for over-aligned types.
#include "check.h"

__device__ int constructed, destroyed;

struct Shape {
  __device__ Shape() { atomicAdd(&constructed, 1); }
  __device__ virtual ~Shape() { atomicAdd(&destroyed, 1); }
  __device__ virtual float area() const = 0;
  __device__ virtual int sides() const { return 0; }
};
struct Square : Shape {
  float side;
  __device__ explicit Square(float s) : side(s) {}
  __device__ float area() const override { return side * side; }
  __device__ int sides() const override { return 4; }
};
struct Triangle : Shape {
  float base, height;
  __device__ Triangle(float b, float h) : base(b), height(h) {}
  __device__ float area() const override { return 0.5f * base * height; }
  __device__ int sides() const override { return 3; }
};
struct Circle : Shape {
  float radius;
  __device__ explicit Circle(float r) : radius(r) {}
  __device__ float area() const override { return 3.0f * radius * radius; }
};

struct Point {
  int x, y;
  __device__ Point(int a, int b) : x(a), y(b) {}
};

struct alignas(128) Wide {
  double values[4];
};

// Objects made here live on until `use_shapes` and `free_shapes`, in later launches.
__global__ void make_shapes(Shape** shapes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  switch (i % 3) {
    case 0: shapes[i] = new Square((float)i); break;
    case 1: shapes[i] = new Triangle((float)i, 2.0f); break;
    default: shapes[i] = new Circle((float)i); break;
  }
}

__global__ void use_shapes(Shape* const* shapes, float* areas, int* sides, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  areas[i] = shapes[i] ? shapes[i]->area() : -1.0f;
  sides[i] = shapes[i] ? shapes[i]->sides() : -1;
}

__global__ void free_shapes(Shape** shapes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) delete shapes[i];
}

__global__ void placement_and_arrays(int* results, Point* global_points, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ unsigned char storage[64 * sizeof(Point)];
  if (i >= n) return;
  int* r = results + i * 6;
  Point* in_shared = new (storage + threadIdx.x * sizeof(Point)) Point(i, 2 * i);
  r[0] = in_shared->x + in_shared->y;
  Point* in_global = new (&global_points[i]) Point(3 * i, 1);
  r[1] = in_global->x + in_global->y;
  int* numbers = new int[8];
  for (int k = 0; k < 8; ++k) numbers[k] = k * i;
  r[2] = numbers ? numbers[7] : -1;
  delete[] numbers;
  Square* squares = new Square[0 + 1]{Square((float)i)};
  r[3] = squares ? (int)squares[0].area() : -1;
  delete[] squares;
  // std::nothrow itself is a host variable (as under nvcc); its type serves.
  int* maybe = new (std::nothrow_t{}) int(i + 5);
  r[4] = maybe ? *maybe : -1;
  delete maybe;
  Wide* wide = new Wide;
  r[5] = wide ? (int)((unsigned long long)wide % alignof(Wide)) : -1;
  if (wide) wide->values[3] = i;
  delete wide;
}

int main() {
  print_device("device_cpp");
  const int n = 192;
  Shape** shapes;
  float* areas;
  int *sides, *results;
  Point* points;
  CHECK(hipMalloc(&shapes, n * sizeof(Shape*)));
  CHECK(hipMalloc(&areas, n * sizeof(float)));
  CHECK(hipMalloc(&sides, n * sizeof(int)));
  CHECK(hipMalloc(&results, n * 6 * sizeof(int)));
  CHECK(hipMalloc(&points, n * sizeof(Point)));
  make_shapes<<<n / 64, 64>>>(shapes, n);
  CHECK_LAUNCH();
  use_shapes<<<n / 64, 64>>>(shapes, areas, sides, n);
  CHECK_LAUNCH();
  free_shapes<<<n / 64, 64>>>(shapes, n);
  CHECK_LAUNCH();
  placement_and_arrays<<<n / 64, 64>>>(results, points, n);
  CHECK_LAUNCH();

  float host_areas[n];
  int host_sides[n], host_results[n * 6], made = 0, gone = 0;
  int host_points[2 * n];
  CHECK(hipMemcpy(host_areas, areas, sizeof host_areas, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(host_sides, sides, sizeof host_sides, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(host_results, results, sizeof host_results, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(host_points, points, sizeof host_points, hipMemcpyDeviceToHost));
  CHECK(hipMemcpyFromSymbol(&made, HIP_SYMBOL(constructed), sizeof made));
  CHECK(hipMemcpyFromSymbol(&gone, HIP_SYMBOL(destroyed), sizeof gone));

  long long errors = 0;
  for (int i = 0; i < n; ++i) {
    float want_area = i % 3 == 0 ? (float)i * i : i % 3 == 1 ? 0.5f * i * 2.0f : 3.0f * i * i;
    int want_sides = i % 3 == 0 ? 4 : i % 3 == 1 ? 3 : 0;
    if (host_areas[i] != want_area || host_sides[i] != want_sides) {
      if (errors++ < 5)
        std::printf("shape %d: area %g sides %d, want %g and %d\n", i, host_areas[i],
                    host_sides[i], want_area, want_sides);
    }
    const int* r = host_results + i * 6;
    int want[6] = {3 * i, 3 * i + 1, 7 * i, i * i, i + 5, 0};
    for (int k = 0; k < 6; ++k)
      if (r[k] != want[k] && errors++ < 5)
        std::printf("thread %d: result %d is %d, want %d\n", i, k, r[k], want[k]);
    if (host_points[2 * i] != 3 * i || host_points[2 * i + 1] != 1) ++errors;
  }
  // Every shape, and the one Square of each new[] (n of each), was made and destroyed.
  if (made != 2 * n || gone != 2 * n) {
    std::printf("constructors ran %d times and destructors %d, want %d each\n", made, gone, 2 * n);
    ++errors;
  }
  CHECK(hipFree(shapes));
  CHECK(hipFree(areas));
  CHECK(hipFree(sides));
  CHECK(hipFree(results));
  CHECK(hipFree(points));
  return finish("device_cpp", errors);
}
