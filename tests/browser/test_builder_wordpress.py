"""The snippet builder's steps for WordPress link the plugin's zip where it is published: on the project's
public copy (https://OWNER.github.io/REPO/, README), the pages workflow of its repository, whose runs keep the
release zips as their artifact release-zip; on any other copy, they say who has it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

PUBLIC = "https://a-club.github.io/elo-calculator/"


@pytest.fixture()
def builder_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(service_workers="block")  # the preview's widget registers none here
    page = context.new_page()
    yield page
    # The preview's widget is still loading Python (9.6 MB) through a test's route when the test ends: closing
    # now would make that handler's fetch fail, and Playwright raises it in whichever test runs next (CI, stop 56).
    page.unroute_all(behavior="wait")
    context.close()


def wordpress_steps(page: Page) -> Locator:
    page.get_by_label("Where will you paste it?").select_option("wordpress")
    return page.get_by_role("region", name="Steps for WordPress")


def test_on_the_public_copy_the_steps_link_its_repository_s_pages_workflow(builder_page: Page,
                                                                           widget_origin: str) -> None:
    """The built site served at a GitHub Pages project address (each request answered from the test's server)."""
    def from_dist(route: Route) -> None:
        route.fulfill(response=route.fetch(url=route.request.url.replace(PUBLIC, f"{widget_origin}/", 1)))

    builder_page.route(f"{PUBLIC}**", from_dist)
    builder_page.goto(PUBLIC)
    steps = wordpress_steps(builder_page)
    link = steps.get_by_role("link", name="the project's builds on GitHub")
    expect(link).to_have_attribute("href", "https://github.com/a-club/elo-calculator/actions/workflows/pages.yml")
    expect(steps.get_by_text("release-zip", exact=True)).to_be_visible()
    expect(steps.get_by_text("ask whoever runs this copy", exact=False)).to_be_hidden()


def test_on_another_copy_the_steps_say_who_has_the_zip(builder_page: Page, widget_origin: str) -> None:
    builder_page.goto(f"{widget_origin}/")
    steps = wordpress_steps(builder_page)
    expect(steps.get_by_text("ask whoever runs this copy of the calculator for it")).to_be_visible()
    expect(steps.get_by_role("link", name="the project's builds on GitHub")).to_be_hidden()
