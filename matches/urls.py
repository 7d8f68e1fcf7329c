from django.urls import path

from matches import poster_views, tournament_views, views
from matches.feeds import federation_results
from matches.founding_views import federation_found_page

S = "f/<slug:federation>/shows/<int:number>/"
T = "f/<slug:federation>/tournaments/<slug:slug>/"

urlpatterns = [
    path("federations/found/", federation_found_page, name="federation-found"),
    path("f/<slug:slug>/shows/", views.show_archive, name="show-archive"),
    path("f/<slug:slug>/shows/new/", views.show_new, name="show-create"),
    path("f/<slug:slug>/run-week/", views.week_run_view, name="week-run"),
    path("f/<slug:slug>/calendar/", views.calendar_page, name="calendar"),
    path("f/<slug:slug>/calendar.ics", views.calendar_feed, name="calendar-feed"),
    path("f/<slug:slug>/feed.atom", federation_results, name="federation-feed"),
    path(S, views.show_detail, name="show-detail"),
    path(S + "progress/", views.show_progress, name="show-progress"),
    path(S + "matches/", views.match_add, name="match-add"),
    path(S + "matches/<int:pk>/move/", views.match_reorder, name="match-move"),
    path(S + "matches/<int:pk>/remove/", views.match_delete, name="match-remove"),
    path(S + "autobook/", views.show_autobook_view, name="show-autobook"),
    path(S + "schedule/", views.show_schedule_view, name="show-schedule"),
    path(S + "run/", views.show_run_view, name="show-run"),
    path(S + "retry/", views.show_retry_view, name="show-retry"),
    path(S + "cancel/", views.show_cancel_view, name="show-cancel"),
    path(S + "poster/", poster_views.show_poster, name="show-poster"),
    path("f/<slug:slug>/tournaments/", tournament_views.tournament_list, name="tournament-list"),
    path(
        "f/<slug:slug>/tournaments/new/",
        tournament_views.tournament_new,
        name="tournament-create",
    ),
    path(T, tournament_views.tournament_detail, name="tournament-detail"),
    path(T + "advance/", tournament_views.tournament_advance_view, name="tournament-advance"),
    path(T + "cancel/", tournament_views.tournament_cancel_view, name="tournament-cancel"),
]
