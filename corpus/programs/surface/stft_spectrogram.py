"""A spectrogram front end and its inverse, as audio models write them: Tensor.stft with a Hann window (return_complex=True) to a magnitude, then Tensor.istft back to a signal of the given length; batched and unbatched signals.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

N_FFT = 16
HOP = 4


def log_magnitude(wave):
    window = torch.hann_window(N_FFT)
    spec = wave.stft(N_FFT, hop_length=HOP, window=window, return_complex=True)
    return torch.log1p(spec.abs())


def roundtrip(wave):
    window = torch.hann_window(N_FFT)
    spec = wave.stft(N_FFT, hop_length=HOP, win_length=N_FFT, window=window, center=True,
                     return_complex=True)
    back = spec.istft(N_FFT, hop_length=HOP, window=window, length=wave.shape[-1])
    return back - wave


out = torch.compile(log_magnitude, backend="eager")(torch.randn(64))
print(tuple(out.shape), round(out.sum().item(), 3))
out = torch.compile(roundtrip, backend="eager")(torch.randn(2, 64))
print(tuple(out.shape), round(out.abs().max().item(), 3))
