"""The files a club brings (README.md here names the modules): a tournament's TRF report and a club's results
ledger, read into the domain's words. Above the systems, below the reports that rate them."""

from __future__ import annotations
