//! `net train`: fits an evaluation network (`eval::network`) to scored
//! positions by gradient descent (Adam) in floating point on all cores,
//! then writes it in integers.
//!
//! The network predicts the side to move's expected score as
//! `sigmoid(output)`, the output being in units of [`SCALE`] centipawns;
//! the target blends the search's score, as `sigmoid(score / SCALE)`, with
//! the game's result (`lambda` of the score). The loss is the squared error.

use super::data::{Sample, Samples};
use crate::eval::network::{Layout, Network, MAX_OUTPUT, QA, QB, SCALE};
use crate::position::features::HIDDEN;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The largest magnitude of an input or output weight (so the integer
/// sums stay within 16 bits).
const CLIP: f32 = 1.98;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// Adam's first step size.
    pub rate: f32,
    /// Share of the target taken from the search's score (the rest from the result).
    pub lambda: f32,
    /// Threads computing gradients.
    pub threads: usize,
    /// Seed of the first weights and of the order of positions.
    pub seed: u64,
    /// Weight decay per step, as a share of the step size.
    pub decay: f32,
}

/// A network in floating point: every weight in one list, input rows
/// first, then the hidden bias, the output weights and the output bias.
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    /// Its inputs.
    pub layout: Layout,
    /// It is added to the hand-written evaluation (see `Network::residual`).
    pub residual: bool,
    /// The weights.
    pub weights: Vec<f32>,
}

/// Where each part of the weights starts. After the input rows come the
/// factor rows: one per kind and side, shared by all of that kind's inputs
/// (every input row's weights are its own plus its factor's), so what
/// holds for a kind anywhere is learnt from every position.
#[derive(Clone, Copy, Debug)]
struct Parts {
    /// The first factor row's number.
    factors: usize,
    /// Inputs per factor row.
    places: usize,
    bias: usize,
    output: usize,
    output_bias: usize,
    len: usize,
}

impl FloatNetwork {
    /// Random small weights for `layout`.
    #[must_use]
    pub fn new(layout: Layout, residual: bool, seed: u64) -> FloatNetwork {
        let mut rng = StdRng::seed_from_u64(seed);
        let parts = parts(&layout);
        let mut weights = vec![0.0f32; parts.len];
        let input_range = 1.0 / (32.0f32).sqrt();
        for w in &mut weights[..parts.factors * HIDDEN] {
            *w = rng.gen_range(-input_range..input_range) * 0.5;
        }
        let output_range = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        for w in &mut weights[parts.output..parts.output_bias] {
            *w = rng.gen_range(-output_range..output_range);
        }
        if residual {
            // A residual starts at nothing: the hand-written evaluation.
            weights[parts.output..].fill(0.0);
        }
        FloatNetwork {
            layout,
            residual,
            weights,
        }
    }

    /// The network in integers, as the engine plays it.
    #[must_use]
    pub fn quantise(&self) -> Network {
        let p = parts(&self.layout);
        let q = |x: f32, scale: i32| -> i16 {
            (x * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let rows = self.weights[..p.factors * HIDDEN]
            .chunks_exact(HIDDEN)
            .enumerate()
            .map(|(i, c)| {
                let f = p.factor_of(i);
                let factor = &self.weights[f * HIDDEN..(f + 1) * HIDDEN];
                let mut row = [0i16; HIDDEN];
                for ((r, &x), &y) in row.iter_mut().zip(c).zip(factor) {
                    *r = q(x + y, QA);
                }
                row
            })
            .collect();
        let mut bias = [0i16; HIDDEN];
        for (b, &x) in bias.iter_mut().zip(&self.weights[p.bias..p.output]) {
            *b = q(x, QA);
        }
        let output = self.weights[p.output..p.output_bias]
            .iter()
            .map(|&x| q(x, QB).clamp(-MAX_OUTPUT, MAX_OUTPUT))
            .collect();
        let output_bias = (self.weights[p.output_bias] * (QA * QB) as f32).round() as i32;
        Network {
            layout: self.layout.clone(),
            residual: self.residual,
            rows,
            bias,
            output,
            output_bias,
        }
    }

    /// The output for one position (units of [`SCALE`] centipawns).
    #[must_use]
    pub fn output(&self, s: &Sample<'_>) -> f32 {
        let p = parts(&self.layout);
        let mut us = [0f32; HIDDEN];
        let mut them = [0f32; HIDDEN];
        forward(&self.weights, p, s, &mut us, &mut them)
    }
}

fn parts(layout: &Layout) -> Parts {
    let factors = layout.inputs();
    let bias = (factors + 2 * layout.letters.len()) * HIDDEN;
    let output = bias + HIDDEN;
    let output_bias = output + 2 * HIDDEN;
    Parts {
        factors,
        places: layout.places(),
        bias,
        output,
        output_bias,
        len: output_bias + 1,
    }
}

impl Parts {
    /// The factor row of input row `r`.
    #[inline]
    fn factor_of(self, r: usize) -> usize {
        self.factors + r / self.places
    }
}

/// The squared clipped activation.
#[inline]
fn activate(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// Fills both views' sums and returns the output.
#[inline]
fn forward(
    w: &[f32],
    p: Parts,
    s: &Sample<'_>,
    us: &mut [f32; HIDDEN],
    them: &mut [f32; HIDDEN],
) -> f32 {
    let bias = &w[p.bias..p.output];
    for (sums, rows) in [(&mut *us, s.us), (&mut *them, s.them)] {
        sums.copy_from_slice(bias);
        for &r in rows {
            let r = usize::from(r);
            let f = p.factor_of(r);
            let row = &w[r * HIDDEN..(r + 1) * HIDDEN];
            let factor = &w[f * HIDDEN..(f + 1) * HIDDEN];
            for ((a, x), y) in sums.iter_mut().zip(row).zip(factor) {
                *a += x + y;
            }
        }
    }
    let (w_us, w_them) = w[p.output..p.output_bias].split_at(HIDDEN);
    let mut out = w[p.output_bias] + s.base / SCALE as f32;
    for ((&a, &b), (&x, &y)) in us.iter().zip(them.iter()).zip(w_us.iter().zip(w_them)) {
        out += activate(a) * x + activate(b) * y;
    }
    out
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The target for a position.
fn target(s: &Sample<'_>, lambda: f32) -> f32 {
    lambda * sigmoid(s.score / SCALE as f32) + (1.0 - lambda) * s.result
}

/// Adds the gradient of the loss over `ids` to `grad`; returns the loss summed.
fn gradient(
    w: &[f32],
    p: Parts,
    data: &Samples,
    ids: &[u32],
    lambda: f32,
    grad: &mut [f32],
) -> f64 {
    let mut us = [0f32; HIDDEN];
    let mut them = [0f32; HIDDEN];
    let mut d_us = [0f32; HIDDEN];
    let mut d_them = [0f32; HIDDEN];
    let mut loss = 0f64;
    for &i in ids {
        let s = data.get(i as usize);
        let out = forward(w, p, &s, &mut us, &mut them);
        let pred = sigmoid(out);
        let err = pred - target(&s, lambda);
        loss += f64::from(err * err);
        let g = 2.0 * err * pred * (1.0 - pred);
        grad[p.output_bias] += g;
        let (w_us, w_them) = w[p.output..p.output_bias].split_at(HIDDEN);
        {
            let (g_us, g_them) = grad[p.output..p.output_bias].split_at_mut(HIDDEN);
            for k in 0..HIDDEN {
                g_us[k] += g * activate(us[k]);
                g_them[k] += g * activate(them[k]);
                d_us[k] = slope(us[k]) * g * w_us[k];
                d_them[k] = slope(them[k]) * g * w_them[k];
            }
        }
        for (b, (x, y)) in grad[p.bias..p.output]
            .iter_mut()
            .zip(d_us.iter().zip(&d_them))
        {
            *b += x + y;
        }
        for (rows, d) in [(s.us, &d_us), (s.them, &d_them)] {
            for &r in rows {
                let r = usize::from(r);
                for at in [r, p.factor_of(r)] {
                    let row = &mut grad[at * HIDDEN..(at + 1) * HIDDEN];
                    for (gw, x) in row.iter_mut().zip(d.iter()) {
                        *gw += x;
                    }
                }
            }
        }
    }
    loss
}

/// The activation's derivative.
#[inline]
fn slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}

/// The mean loss over `ids`, on `threads` threads.
#[must_use]
pub fn mean_loss(
    net: &FloatNetwork,
    data: &Samples,
    ids: &[u32],
    lambda: f32,
    threads: usize,
) -> f64 {
    if ids.is_empty() {
        return 0.0;
    }
    let p = parts(&net.layout);
    let chunk = ids.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = ids
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut us = [0f32; HIDDEN];
                    let mut them = [0f32; HIDDEN];
                    part.iter()
                        .map(|&i| {
                            let s = data.get(i as usize);
                            let pred = sigmoid(forward(&net.weights, p, &s, &mut us, &mut them));
                            let e = pred - target(&s, lambda);
                            f64::from(e * e)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / ids.len() as f64
}

/// Adam's state: first and second moments per weight, and the step.
#[derive(Clone, Debug)]
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
}

impl Adam {
    /// Fresh moments for `n` weights.
    #[must_use]
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
        }
    }

    fn update(&mut self, weights: &mut [f32], grad: &[f32], rate: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.step += 1;
        let c1 = 1.0 - B1.powi(self.step);
        let c2 = 1.0 - B2.powi(self.step);
        for (((w, &g), m), v) in weights
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= rate * ((*m / c1) / ((*v / c2).sqrt() + 1e-8) + decay * *w);
        }
    }
}

/// One pass over `ids` in batches; returns the mean training loss.
pub fn epoch(
    net: &mut FloatNetwork,
    adam: &mut Adam,
    data: &Samples,
    ids: &[u32],
    rate: f32,
    s: &Settings,
) -> f64 {
    let p = parts(&net.layout);
    let threads = s.threads.max(1);
    let mut grads: Vec<Vec<f32>> = (0..threads).map(|_| vec![0.0; p.len]).collect();
    let mut total = 0f64;
    for batch in ids.chunks(s.batch) {
        let chunk = batch.len().div_ceil(threads);
        let weights = &net.weights;
        total += std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .chunks(chunk)
                .zip(grads.iter_mut())
                .map(|(part, grad)| {
                    scope.spawn(move || {
                        grad.fill(0.0);
                        gradient(weights, p, data, part, s.lambda, grad)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(0.0))
                .sum::<f64>()
        });
        let (first, rest) = grads.split_at_mut(1);
        let sum = &mut first[0];
        for other in rest.iter() {
            for (a, b) in sum.iter_mut().zip(other) {
                *a += b;
            }
        }
        let scale = 1.0 / batch.len() as f32;
        for g in sum.iter_mut() {
            *g *= scale;
        }
        adam.update(&mut net.weights, sum, rate, s.decay);
        for w in &mut net.weights[..p.bias] {
            *w = w.clamp(-CLIP, CLIP);
        }
        for w in &mut net.weights[p.output..p.output_bias] {
            *w = w.clamp(-CLIP, CLIP);
        }
    }
    total / ids.len().max(1) as f64
}

/// The step size of epoch `e` (from 0) of `epochs`: the first rate for
/// half the run, then 0.3 of it, from four fifths 0.09.
#[must_use]
pub fn rate_at(first: f32, e: usize, epochs: usize) -> f32 {
    if 5 * e >= 4 * epochs {
        first * 0.09
    } else if 2 * e >= epochs {
        first * 0.3
    } else {
        first
    }
}

/// Splits positions `0..n` into training and held-out ids, shuffled by `seed`.
#[must_use]
pub fn split(n: usize, held_out: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let mut ids: Vec<u32> = (0..n as u32).collect();
    ids.shuffle(&mut StdRng::seed_from_u64(seed));
    let held = ids.split_off(n - held_out.min(n));
    (ids, held)
}

/// Shuffles the training ids for the next epoch.
pub fn shuffle(ids: &mut [u32], seed: u64) {
    ids.shuffle(&mut StdRng::seed_from_u64(seed));
}
