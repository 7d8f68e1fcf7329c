"""What every federation page shares: its time zone, the access policy, a 403 page, and
what the address of a button's action answers when it is opened rather than pressed.

Views find their federation with ``federation_page``, which applies the one access policy
(``promotion.access``) and makes the federation's time zone current; the middleware makes sure
no zone outlives its request, and answers a refused action with the site's 403 page (an
anonymous visitor is sent to sign in instead). The site's 404 and 500 pages are
``web.views``'s. The REST API keeps its own answers.
"""

from __future__ import annotations

import functools
from zoneinfo import ZoneInfo

from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from promotion.access import AccessDenied, Action, can, federation_for, role_of

API_PREFIX = "/api/"
#: The methods a page answers (see ``SitePagesMiddleware``), and the addresses that answer for
#: their own: the REST API (OPTIONS, PUT, PATCH, DELETE) and the admin.
PAGE_METHODS = frozenset({"GET", "HEAD", "POST"})
OWN_METHODS = (API_PREFIX, "/admin/")


class SitePagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request, view_func, view_args, view_kwargs):
        """The pages read with GET and HEAD and change things with POST (a form's, a button's):
        any other method gets the site's 405 page, in the words of a page or of a button's
        action (``posted_from``). The API and the admin answer for their own methods."""
        if request.method in PAGE_METHODS or request.path.startswith(OWN_METHODS):
            return None
        context = {"method": request.method, "page": not hasattr(view_func, "posted_from")}
        response = render(request, "405.html", context, status=405)
        response["Allow"] = ACTION_ALLOW
        return response

    def process_exception(self, request, exception):
        if request.path.startswith(API_PREFIX) or not isinstance(exception, AccessDenied):
            return None
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(request, "403.html", {"message": str(exception)}, status=403)


def federation_page(request, slug: str, action="read"):
    """The federation ``slug`` if the user may take ``action`` on it (404 for the invisible,
    403 for the forbidden: see ``promotion.access``), with its time zone made current, so that
    every date and time on the page is the federation's."""
    federation = federation_for(request.user, slug, action)
    timezone.activate(ZoneInfo(str(federation.time_zone)))
    role = role_of(request.user, federation)
    request.federation_context = {
        "federation": federation,
        "role": role,
        "can_book": role is not None and can(request.user, federation, Action.BOOK),
        "can_manage": role is not None and can(request.user, federation, Action.MANAGE),
    }
    return federation


def wrestler_page(federation, slug: str):
    """The wrestler ``slug`` of ``federation`` (already read through ``federation_page``), 404
    for anyone else's, with his federation set so that his pages read it without a query."""
    wrestler = federation.wrestlers.filter(slug=slug).first()
    if wrestler is None:
        raise Http404("No such wrestler in this federation.")
    wrestler.federation = federation
    return wrestler


def paged(rows, per_page: int, number: str | None, *, last_first: bool = False):
    """The page ``number`` (as the address gives it) of ``rows``: the first for a number before
    it (0, -3) or none at all (the last with ``last_first``: a list oldest first whose latest
    rows are what a reader comes for), the last for one past it (Django's ``get_page`` gives the
    last for 0 too)."""
    paginator = Paginator(rows, per_page)
    if number in (None, "") and last_first:
        return paginator.page(paginator.num_pages)
    try:
        if int(str(number)) < 1:
            number = "1"
    except ValueError:
        pass
    return paginator.get_page(number)


def refused_status(request, form) -> int:
    """A page's status: 400 when it shows again a form the user sent and it refused (nothing was
    written, as the API's 400 says), else 200."""
    refused = request.method == "POST" and form is not None and form.is_bound and form.errors
    return 400 if refused else 200


def refuse_form(form, refusal) -> None:
    """A service's refusal (``ServiceError``) shown on the form that asked for it: each problem
    of a field the form has beside that field (``by_field``: the message alone, the field's
    label being there already), the rest above the form."""
    problems = getattr(refusal, "by_field", ()) or (("", str(refusal)),)
    for field, message in problems:
        form.add_error(field if field in form.fields else None, message)


def form_page(request, template: str, context: dict) -> HttpResponse:
    """A page of one form (``context["form"]``) that is not a federation's, answered as
    ``refused_status`` says."""
    return render(request, template, context, status=refused_status(request, context["form"]))


def page(request, template: str, context: dict | None = None, **kwargs):
    """Render a federation's page with what its navigation needs (see ``federation_page``); a
    form it shows again refused answers 400 (``refused_status``)."""
    merged = dict(getattr(request, "federation_context", {}))
    merged.update(context or {})
    kwargs.setdefault("status", refused_status(request, merged.get("form")))
    return render(request, template, merged, **kwargs)


#: What an action's address answers to, besides the POST of its button.
ACTION_ALLOW = "GET, HEAD, POST"


def posted_from(page_name: str, *keys: str):
    """A view that changes something when the button for it is pressed on the page
    ``page_name``, with the view's URL arguments (or only ``keys`` of them).

    Its address is a POST's; opened in a browser (a link followed, an address typed or
    bookmarked) it sends the visitor to that page, where the button is and where the page's own
    access rules apply. Any other method gets the site's 405 page (``SitePagesMiddleware``, in an
    action's words). (Django's ``require_POST`` answers all of these with an empty 405.)"""

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method == "POST":
                return view(request, *args, **kwargs)
            page_kwargs = {key: kwargs[key] for key in keys} if keys else kwargs
            return redirect(page_name, **page_kwargs)

        wrapper.posted_from = page_name
        return wrapper

    return decorate
