// Functions of upstream dialects that mlir-opt 22 accepts, one per split: the seeds of
// tests/verify/test_mutations_against_mlir.py, which changes one token of one at a time.
// -----
func.func @loops(%lb: index, %ub: index, %step: index, %buf: memref<1024xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%acc = %zero) -> (f32) {
    %t = memref.load %buf[%iv] : memref<1024xf32>
    %cond = arith.cmpf ugt, %t, %zero : f32
    %next = scf.if %cond -> (f32) {
      %n = arith.addf %acc, %t : f32
      scf.yield %n : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %next : f32
  }
  return %sum : f32
}
// -----
func.func @while_loop(%init: i32, %limit: i32) -> i64 {
  %r:2 = scf.while (%a = %init, %b = %limit) : (i32, i32) -> (i32, i64) {
    %c = arith.cmpi slt, %a, %b : i32
    %w = arith.extsi %a : i32 to i64
    scf.condition(%c) %a, %w : i32, i64
  } do {
  ^bb0(%x: i32, %y: i64):
    %one = arith.constant 1 : i32
    %nx = arith.addi %x, %one : i32
    scf.yield %nx, %limit : i32, i32
  }
  return %r#1 : i64
}
// -----
func.func @branches(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  %y = arith.muli %x, %b : i32
  cf.br ^bb3(%y : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%z: i32):
  return %z : i32
}
// -----
func.func private @callee(i32, f32) -> (f32, i32)
func.func @caller(%a: i32, %f: f32) -> f32 {
  %r:2 = func.call @callee(%a, %f) : (i32, f32) -> (f32, i32)
  %s = arith.sitofp %r#1 : i32 to f32
  %t = arith.addf %r#0, %s : f32
  return %t : f32
}
// -----
func.func @vectors(%m: memref<64xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.load %m[%i] : memref<64xf32>, vector<4xf32>
  %b = vector.broadcast %pad : f32 to vector<4xf32>
  %s = arith.addf %v, %b : vector<4xf32>
  %e = vector.extract %s[2] : f32 from vector<4xf32>
  %r = vector.insert %e, %s[0] : f32 into vector<4xf32>
  vector.store %r, %m[%i] : memref<64xf32>, vector<4xf32>
  %red = vector.reduction <add>, %r : vector<4xf32> into f32
  %sp = vector.broadcast %red : f32 to vector<4xf32>
  return %sp : vector<4xf32>
}
// -----
func.func @casts(%a: i32, %b: i64, %f: f16, %idx: index) -> f64 {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.addi %0, %b : i64
  %2 = arith.trunci %1 : i64 to i16
  %3 = arith.extf %f : f16 to f32
  %4 = arith.fptosi %3 : f32 to i32
  %5 = arith.index_cast %idx : index to i32
  %6 = arith.maxsi %4, %5 : i32
  %7 = arith.bitcast %6 : i32 to f32
  %8 = arith.extf %7 : f32 to f64
  %9 = arith.uitofp %2 : i16 to f64
  %10 = arith.mulf %8, %9 : f64
  return %10 : f64
}
// -----
func.func @memrefs(%n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?x16xf32>
  %s = memref.subview %a[0, 0] [4, 8] [1, 1] : memref<?x16xf32> to memref<4x8xf32, strided<[16, 1]>>
  %d = memref.dim %a, %c0 : memref<?x16xf32>
  %c = memref.cast %a : memref<?x16xf32> to memref<*xf32>
  %v = memref.load %s[%c0, %c0] : memref<4x8xf32, strided<[16, 1]>>
  memref.store %v, %a[%d, %c0] : memref<?x16xf32>
  memref.dealloc %a : memref<?x16xf32>
  return
}
// -----
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
func.func @globals() -> i32 {
  %g = memref.get_global @table : memref<4xi32>
  %c1 = arith.constant 1 : index
  %v = memref.load %g[%c1] : memref<4xi32>
  return %v : i32
}
// -----
gpu.module @kernels {
  gpu.func @k(%out: memref<256xf32>) kernel {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %dim = gpu.block_dim x
    %base = arith.muli %bid, %dim : index
    %i = arith.addi %base, %tid : index
    %f = arith.index_cast %i : index to i32
    %g = arith.sitofp %f : i32 to f32
    memref.store %g, %out[%i] : memref<256xf32>
    gpu.barrier
    gpu.return
  }
}
// -----
llvm.func @llvm_ops(%p: !llvm.ptr, %n: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.add %n, %c1 : i32
  %q = llvm.getelementptr %p[%a] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %v = llvm.load %q : !llvm.ptr -> f32
  %w = llvm.fadd %v, %v : f32
  llvm.store %w, %q : f32, !llvm.ptr
  %t = nvvm.read.ptx.sreg.tid.x : i32
  %s = llvm.add %t, %a : i32
  llvm.return %s : i32
}
// -----
#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>
func.func @affine(%m: memref<100xf32>, %s: index) {
  affine.for %i = 0 to 40 {
    %j = affine.apply #map(%i)[%s]
    %v = affine.load %m[%i * 2] : memref<100xf32>
    affine.store %v, %m[%i + 1] : memref<100xf32>
  }
  return
}
// -----
func.func @selects(%c: i1, %a: vector<4xi32>, %b: vector<4xi32>, %x: index) -> vector<4xi32> {
  %r = arith.select %c, %a, %b : vector<4xi32>
  %m = vector.broadcast %c : i1 to vector<4xi1>
  %r2 = arith.select %m, %r, %a : vector<4xi1>, vector<4xi32>
  %k = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %r3 = arith.shli %r2, %k : vector<4xi32>
  %cmp = arith.cmpi eq, %r3, %k : vector<4xi32>
  %r4 = arith.select %cmp, %r3, %k : vector<4xi1>, vector<4xi32>
  return %r4 : vector<4xi32>
}
// -----
func.func @tensors(%t: tensor<8x16xf32>, %i: index) -> tensor<4x16xf32> {
  %e = tensor.extract %t[%i, %i] : tensor<8x16xf32>
  %s = tensor.extract_slice %t[0, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  %f = tensor.insert %e into %s[%i, %i] : tensor<4x16xf32>
  %d = tensor.dim %f, %i : tensor<4x16xf32>
  return %f : tensor<4x16xf32>
}
