from django.urls import path

from promotion import views

urlpatterns = [
    path("", views.home, name="home"),
    path("f/<slug:slug>/", views.federation_detail, name="federation-detail"),
    path(
        "f/<slug:federation>/wrestlers/<slug:slug>/", views.wrestler_detail, name="wrestler-detail"
    ),
]
